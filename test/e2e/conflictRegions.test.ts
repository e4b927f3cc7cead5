import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';
import { syncThroughApi } from '../helpers/syncThroughApi.js';
import { createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';

/*
 * A conflict between two edits merged region by region, on the Conflicts page in Chromium: the
 * local server syncs with a second Outpost; one span is relabelled differently on both sides
 * while another is moved here only. The card names the clashing span with its value here and
 * there and says the other change merged; Keep mine then sends our span to the remote, which
 * keeps the merged move too.
 */

const CONFIG = `<View><Text name="text" value="$text"/>
<Labels name="ner" toName="text"><Label value="Person"/><Label value="Place"/></Labels></View>`;

const span = (id: string, start: number, end: number, label: string) => ({
  id,
  from_name: 'ner',
  to_name: 'text',
  type: 'labels',
  value: { start, end, labels: [label] },
});

const BASE = [span('s1', 0, 3, 'Person'), span('s2', 8, 11, 'Place')];
const HERE = [span('s1', 0, 3, 'Place'), span('s2', 9, 12, 'Place')];
const THERE = [span('s1', 0, 5, 'Person'), BASE[1]!];

interface Conflict {
  id: number;
  resolution: string | null;
  local: { result: unknown } | null;
  remote: { id: number; result: unknown } | null;
}

describe('a region-level conflict in Chromium against outpost serve', () => {
  let remote: RemoteOutpost;
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let remoteId: number;
  let remoteProject: number;
  let remoteAnnotation: number;
  let projectId: number;

  const sync = () => syncThroughApi(server, remoteId, remoteProject);

  const conflicts = () => server.api<Conflict[]>('GET', `/api/outpost/conflicts/?project=${projectId}`);

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const created = await createRemoteProject(remote, ['Ada went to Paris'], {
      title: 'Names and places',
      label_config: CONFIG,
    });
    remoteProject = created.projectId;
    remoteAnnotation = (
      await remote.api<{ id: number }>('POST', `/api/tasks/${created.taskIds[0]!}/annotations/`, { result: BASE })
    ).id;
    server = await startE2eServer('conflict-regions');
    remoteId = (
      await server.api<{ id: number }>('POST', '/api/outpost/remotes/', { url: remote.url, token: remote.token })
    ).id;
    await sync();
    projectId = (await server.api<{ results: { id: number }[] }>('GET', '/api/projects/')).results[0]!.id;
    const tasks = await server.api<{ tasks: { annotations: { id: number }[] }[] }>(
      'GET',
      `/api/tasks/?project=${projectId}&fields=all`,
    );
    await server.api('PATCH', `/api/annotations/${tasks.tasks[0]!.annotations[0]!.id}/`, { result: HERE });
    await remote.api('PATCH', `/api/annotations/${remoteAnnotation}/`, { result: THERE });
    await sync();
    expect((await conflicts()).length).toBe(1);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await remote?.stop();
  });

  it('names the clashing region with its value here and there, and counts the merged change', async () => {
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
    page.setDefaultTimeout(10_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.goto(`${server.origin}/#/projects/${projectId}/conflicts`, { waitUntil: 'load' });
    const clashes = page.getByRole('region', { name: 'The region changed on both sides' });
    await clashes.waitFor();
    const row = clashes.getByRole('row', { name: /region s1/ });
    await expectEventually(() => row.getByRole('rowheader').innerText()).toBe('labels · ner · region s1');
    await expectEventually(() => row.getByRole('cell').allInnerTexts()).toEqual([
      'Place characters 0–3',
      'Person characters 0–5',
    ]);
    await expectEventually(() => clashes.getByText('One other change').count()).toBe(1);
    await expectEventually(() => clashes.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: join(SCREENSHOTS, 'conflict-regions-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
  });

  it('keeps mine: the remote gets our span and keeps the merged move', async () => {
    const card = page.getByRole('article');
    await card.getByRole('button', { name: 'Keep mine' }).click();
    // Overwriting the server's version is asked once more.
    const confirm = page.getByRole('dialog', { name: 'Keep your version?' });
    await confirm.getByRole('button', { name: 'Keep mine and overwrite the server' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expectEventually(async () => (await conflicts())[0]?.resolution).toBe('keep_mine');
    await sync();
    const there = await remote.api<{ result: unknown }>('GET', `/api/annotations/${remoteAnnotation}/`);
    expect(there.result).toEqual(HERE);
    const tasks = await server.api<{ tasks: { annotations: { result: unknown }[] }[] }>(
      'GET',
      `/api/tasks/?project=${projectId}&fields=all`,
    );
    expect(tasks.tasks[0]!.annotations.map((annotation) => annotation.result)).toEqual([HERE]);
    recorded.expectClean(server.origin);
  });
});

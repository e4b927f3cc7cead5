import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { animationsSettled, openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { choice, createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { expectEventually } from '../helpers/eventually.js';
import { syncThroughApi } from '../helpers/syncThroughApi.js';

/*
 * The conflicts page in Chromium against `outpost serve`, on a data folder that met real
 * conflicts: the local server syncs with a second spawned Outpost (through its own remotes API),
 * both sides edit the same annotations, and a second sync records the conflicts. They are then
 * resolved one each way in the page, checked through the API, and a last sync pushes the answers.
 */

const MINE = choice('mine');
const THEIRS = choice('theirs');
const TEXTS = [
  'Alpha: the delivery came late',
  'Beta: great support call',
  'Gamma: refund still pending',
  'Delta: wrong size sent',
];

interface Conflict {
  id: number;
  task: number;
  kind: string;
  resolution: string | null;
  task_data: { text: string };
}

describe('sync conflicts in Chromium against outpost serve', () => {
  let remote: RemoteOutpost;
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let remoteId: number;
  let remoteProject: number;
  let projectId: number;

  const sync = () => syncThroughApi(server, remoteId, remoteProject);

  const openConflicts = () =>
    server.api<Conflict[]>('GET', `/api/outpost/conflicts/?project=${projectId}&resolved=false`);

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const created = await createRemoteProject(remote, TEXTS, { title: 'Support tickets' });
    remoteProject = created.projectId;
    const remoteAnnotations = [];
    for (const task of created.taskIds) {
      remoteAnnotations.push(
        await remote.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, { result: choice('base') }),
      );
    }
    server = await startE2eServer('conflicts');
    remoteId = (
      await server.api<{ id: number }>('POST', '/api/outpost/remotes/', { url: remote.url, token: remote.token })
    ).id;
    await sync();
    const projects = await server.api<{ results: { id: number }[] }>('GET', '/api/projects/');
    projectId = projects.results[0]!.id;
    const tasks = await server.api<{ tasks: { data: { text: string }; annotations: { id: number }[] }[] }>(
      'GET',
      `/api/tasks/?project=${projectId}&fields=all`,
    );
    const localAnnotation = (text: string) => tasks.tasks.find((task) => task.data.text === text)!.annotations[0]!.id;
    // Alpha, Beta and Gamma: edited on both sides. Delta: edited here, deleted there.
    for (const text of TEXTS) {
      await server.api('PATCH', `/api/annotations/${localAnnotation(text)}/`, { result: MINE });
    }
    for (const [index, annotation] of remoteAnnotations.entries()) {
      if (index < 3) await remote.api('PATCH', `/api/annotations/${annotation.id}/`, { result: THEIRS });
      else await remote.api('DELETE', `/api/annotations/${annotation.id}/`);
    }
    await sync();
    expect((await openConflicts()).map((conflict) => conflict.kind).sort()).toEqual([
      'edited_here_deleted_there',
      'edited_on_both_sides',
      'edited_on_both_sides',
      'edited_on_both_sides',
    ]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await remote?.stop();
  });

  /** A dark-theme page signed in with the light page's session (the login link works once). */
  async function darkPage(): Promise<RecordedPage> {
    const storageState = await recorded.context.storageState();
    const dark = await openRecordedPage(browser, { colorScheme: 'dark', storageState });
    dark.page.setDefaultTimeout(10_000);
    await dark.page.goto(`${server.origin}/#/projects/${projectId}/conflicts`, { waitUntil: 'load' });
    await dark.page.getByRole('heading', { name: 'Sync conflicts', level: 1 }).waitFor();
    return dark;
  }

  const card = (text: string) => page.getByRole('article').filter({ hasText: text.slice(0, 20) });

  it('links to the conflicts from the project, and shows both versions of each', async () => {
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
    page.setDefaultTimeout(10_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.goto(`${server.origin}/#/projects/${projectId}`, { waitUntil: 'load' });
    await page.getByRole('link', { name: '4 conflicts' }).click();
    await page.getByRole('heading', { name: 'Sync conflicts', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/projects/${projectId}/conflicts`);
    const alpha = card(TEXTS[0]!);
    await alpha.getByRole('heading', { name: 'Yours' }).waitFor();
    await expectEventually(() => alpha.getByText('Edited on both sides').count()).toBe(1);
    const yours = alpha.getByRole('region', { name: 'Yours' });
    const theirs = alpha.getByRole('region', { name: 'Theirs' });
    await expectEventually(() => yours.getByRole('listitem').innerText()).toContain('mine');
    await expectEventually(() => theirs.getByRole('listitem').innerText()).toContain('theirs');
    const delta = card(TEXTS[3]!);
    await expectEventually(() => delta.getByText('Edited here, deleted there').count()).toBe(1);
    await expectEventually(() => delta.getByRole('region', { name: 'Yours' }).innerText()).toContain('mine');
    await expectEventually(() => delta.getByRole('region', { name: 'Theirs' }).innerText()).toContain(
      'Deleted on the remote.',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'conflicts-open-light.png') });
    await delta.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'conflicts-open-deleted-light.png') });
  });

  it('shows the open conflicts in dark theme too, passing the accessibility scan (contrast included)', async () => {
    const dark = await darkPage();
    await dark.page
      .getByRole('heading', { name: /^Task \d+/ })
      .first()
      .waitFor();
    await expectEventually(() => dark.page.locator('html').getAttribute('data-theme')).toBe('dark');
    await dark.page.screenshot({ path: join(SCREENSHOTS, 'conflicts-open-dark.png') });
    await expectEventually(() => seriousAxeViolations(dark.page)).toEqual([]);
    dark.expectClean(server.origin);
    await dark.context.close();
  });

  /** Light and dark screenshots of the light page (the theme follows the system), each scanned by axe. */
  async function shootBoth(name: string): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      await animationsSettled(page);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${theme}.png`) });
      await expectEventually(() => seriousAxeViolations(page), { message: `${name} (${theme})` }).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('marks the run that met them as completed with conflicts, linking here', async () => {
    await page.goto(`${server.origin}/#/sync`, { waitUntil: 'load' });
    const run = page.getByTestId('sync-run').first();
    await run.getByText('Completed with 4 conflicts', { exact: true }).waitFor();
    const review = run.getByRole('link', { name: 'Review 4 conflicts in Support tickets' });
    await expectEventually(() => review.getAttribute('href')).toBe(`#/projects/${projectId}/conflicts`);
    // The first run met none: plain "Completed", no link.
    const first = page.getByTestId('sync-run').last();
    await expectEventually(() => first.getByText('Completed', { exact: true }).count()).toBe(1);
    await expectEventually(() => first.getByRole('link').count()).toBe(0);
    await shootBoth('conflicts-sync-run');
    await review.click();
    await page.waitForURL((url) => url.hash === `#/projects/${projectId}/conflicts`);
    await page.getByRole('heading', { name: 'Sync conflicts', level: 1 }).waitFor();
  });

  it('marks the project card with its remote and its open conflicts', async () => {
    await page.goto(`${server.origin}/#/`, { waitUntil: 'load' });
    const card = page.getByRole('article', { name: 'Support tickets' });
    await card.getByRole('link', { name: `Mirrored from ${new URL(remote.url).host}` }).waitFor();
    const badge = card.getByRole('link', { name: '4 conflicts in Support tickets' });
    await expectEventually(() => badge.textContent()).toBe('4 conflicts');
    await shootBoth('conflicts-project-card');
    await badge.click();
    await page.waitForURL((url) => url.hash === `#/projects/${projectId}/conflicts`);
    await page.getByRole('heading', { name: 'Sync conflicts', level: 1 }).waitFor();
  });

  it('resolves one conflict each way, moving each to Resolved', async () => {
    const answers: [string, string][] = [
      [TEXTS[0]!, 'Keep mine'],
      [TEXTS[1]!, 'Keep theirs'],
      [TEXTS[2]!, 'Keep both'],
      [TEXTS[3]!, 'Keep theirs'],
    ];
    for (const [text, button] of answers) {
      const open = page.getByRole('region', { name: 'Open' });
      // Reached by keyboard: focus the button and press Enter.
      const target = open
        .getByRole('article')
        .filter({ hasText: text.slice(0, 20) })
        .getByRole('button', { name: button });
      await target.focus();
      await page.keyboard.press('Enter');
      if (button === 'Keep mine') {
        // Overwriting the server's version is asked once more.
        const confirm = page.getByRole('dialog', { name: 'Keep your version?' });
        await confirm.getByRole('button', { name: 'Keep mine and overwrite the server' }).click();
        await confirm.waitFor({ state: 'hidden' });
      }
      const resolved = page
        .getByRole('region', { name: 'Resolved' })
        .getByRole('article')
        .filter({ hasText: text.slice(0, 20) });
      await resolved.waitFor();
    }
    await page.getByRole('heading', { name: 'No conflicts to resolve' }).waitFor();
    // The empty list says when the project was last synced, and from where.
    await page.getByText(`Last synced with ${new URL(remote.url).host}`).waitFor();
    // The tab stays on its own page, now with nothing open.
    await page.getByRole('link', { name: 'Conflicts', exact: true }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'conflicts-resolved-light.png') });

    const all = await server.api<Conflict[]>('GET', `/api/outpost/conflicts/?project=${projectId}`);
    const byText = Object.fromEntries(all.map((conflict) => [conflict.task_data.text, conflict.resolution]));
    expect(byText).toEqual({
      [TEXTS[0]!]: 'keep_mine',
      [TEXTS[1]!]: 'keep_theirs',
      [TEXTS[2]!]: 'keep_both',
      [TEXTS[3]!]: 'keep_theirs',
    });
    expect(await server.api('GET', '/api/outpost/conflicts/counts/')).toEqual({});
    recorded.expectClean(server.origin);
  });

  it('pushes the answers: the remote ends with the chosen versions', async () => {
    await sync();
    const list = await remote.api<{ tasks: { data: { text: string }; annotations: { result: unknown }[] }[] }>(
      'GET',
      `/api/tasks/?project=${remoteProject}&fields=all`,
    );
    const results = Object.fromEntries(
      list.tasks.map((task) => [
        task.data.text,
        task.annotations
          .map((annotation) => annotation.result)
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      ]),
    );
    expect(results).toEqual({
      [TEXTS[0]!]: [MINE],
      [TEXTS[1]!]: [THEIRS],
      [TEXTS[2]!]: [MINE, THEIRS],
      [TEXTS[3]!]: [],
    });
  });

  it('shows the resolved list in dark theme, passing the accessibility scan (contrast included)', async () => {
    const dark = await darkPage();
    await dark.page.getByRole('heading', { name: 'No conflicts to resolve' }).waitFor();
    await dark.page.getByRole('heading', { name: 'Resolved', level: 2 }).waitFor();
    await expectEventually(() => dark.page.locator('html').getAttribute('data-theme')).toBe('dark');
    await dark.page.screenshot({ path: join(SCREENSHOTS, 'conflicts-resolved-dark.png') });
    await expectEventually(() => seriousAxeViolations(dark.page)).toEqual([]);
    dark.expectClean(server.origin);
    await dark.context.close();
  });
});

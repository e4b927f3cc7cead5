import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually, waitUntil } from '../helpers/eventually.js';
import { createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';

/*
 * "Copy to another server" on the Sync page, in Chromium: a project pulled from one remote Outpost
 * is copied to a second one from the mirror's row, the second remote's card shows the run, and
 * the second remote holds the new project with the tasks.
 */

interface RunWire {
  id: number;
  status: string;
}

describe('copying a pulled project to another server from the Sync page', () => {
  let server: E2eServer;
  let source: RemoteOutpost;
  let target: RemoteOutpost;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let targetRemote: number;

  beforeAll(async () => {
    [server, source, target] = await Promise.all([startE2eServer('copy'), startRemoteOutpost(), startRemoteOutpost()]);
    const { projectId } = await createRemoteProject(source, ['first', 'second', 'third'], { title: 'Field notes' });
    const added = await server.api<{ id: number }>('POST', '/api/outpost/remotes/', {
      url: source.url,
      token: source.token,
      name: 'Lab A',
    });
    targetRemote = (
      await server.api<{ id: number }>('POST', '/api/outpost/remotes/', {
        url: target.url,
        token: target.token,
        name: 'Lab B',
      })
    ).id;
    const pull = await server.api<RunWire>('POST', `/api/outpost/remotes/${added.id}/sync/`, { projects: [projectId] });
    await waitUntil(async () => {
      const runs = await server.api<RunWire[]>('GET', `/api/outpost/remotes/${added.id}/runs/`);
      return runs.find((run) => run.id === pull.id && run.status === 'completed');
    }, 'the pull of the source project');
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), source?.stop(), target?.stop()]);
  });

  it('copies from the mirror row and shows the run on the target card', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    const cardA = page.getByRole('region', { name: 'Lab A' });
    await cardA.getByText('Copy to another server').click();
    await cardA.getByLabel('Server', { exact: true }).selectOption({ label: 'Lab B' });
    await cardA.getByLabel('New project’s title').fill('Field notes (B)');
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await cardA.getByRole('button', { name: 'Copy to Lab B' }).click();
    await page.getByText(/Copying Field notes to Lab B as “Field notes \(B\)” \(run \d+\)\./).waitFor();

    const cardB = page.getByRole('region', { name: 'Lab B' });
    await expectEventually(() => cardB.getByTestId('sync-run').count()).toBeGreaterThan(0);
    await waitUntil(async () => {
      const runs = await server.api<RunWire[]>('GET', `/api/outpost/remotes/${targetRemote}/runs/`);
      return runs[0]?.status === 'completed';
    }, 'the copy run to complete');
    const projects = await target.api<{ results: { title: string; task_number: number }[] }>('GET', '/api/projects/');
    expect(projects.results.map((project) => [project.title, project.task_number])).toEqual([['Field notes (B)', 3]]);
    recorded.expectClean(server.origin);
  });
});

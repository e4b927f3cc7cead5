import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { openRecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { expectEventually, waitUntil } from '../helpers/eventually.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { choice, createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';

/*
 * A conflict card in Chromium says which version is the server's (naming the remote) and who made
 * each one, with the names the server gives them. The token's account on the remote is
 * "Mae Jones"; the local user takes that identity when the remote is added, so neither side of a
 * card shows the local placeholder user. A second person's annotation keeps its author.
 */

const TEXTS = ['Alpha: my own annotation', 'Beta: annotated by Pat'];

describe('conflict cards name the server and the authors', () => {
  let remote: RemoteOutpost;
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let remoteId: number;
  let remoteProject: number;
  let projectId: number;
  let serverName: string;

  async function sync(): Promise<void> {
    const run = await server.api<{ id: number }>('POST', `/api/outpost/remotes/${remoteId}/sync`, {
      projects: [remoteProject],
    });
    const ended = await waitUntil(async () => {
      const runs = await server.api<{ id: number; status: string; errors: unknown[] }[]>(
        'GET',
        `/api/outpost/remotes/${remoteId}/runs`,
      );
      const current = runs.find((item) => item.id === run.id)!;
      return current.status !== 'running' ? current : null;
    }, `sync run ${run.id} to end`);
    expect(ended).toMatchObject({ status: 'completed', errors: [] });
  }

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const db = openDatabase(join(remote.dataDir, 'outpost.db'));
    try {
      db.prepare(
        "UPDATE users SET email = 'me@example.com', first_name = 'Mae', last_name = 'Jones' WHERE is_local = 1",
      ).run();
    } finally {
      db.close();
    }
    const pat = await remote.addUser('pat@example.com', 'Pat', 'Other');
    const created = await createRemoteProject(remote, TEXTS, { title: 'Authors' });
    remoteProject = created.projectId;
    const mine = await remote.api<{ id: number }>('POST', `/api/tasks/${created.taskIds[0]}/annotations/`, {
      result: choice('base'),
    });
    const pats = await remote.api<{ id: number }>('POST', `/api/tasks/${created.taskIds[1]}/annotations/`, {
      result: choice('base'),
      completed_by: pat,
    });

    server = await startE2eServer('conflict-authors');
    const added = await server.api<{ id: number; name: string }>('POST', '/api/outpost/remotes/', {
      url: remote.url,
      token: remote.token,
    });
    remoteId = added.id;
    serverName = added.name;
    await sync();
    projectId = (await server.api<{ results: { id: number }[] }>('GET', '/api/projects/')).results[0]!.id;
    const tasks = await server.api<{ tasks: { annotations: { id: number }[] }[] }>(
      'GET',
      `/api/tasks/?project=${projectId}&fields=all`,
    );
    for (const task of tasks.tasks) {
      await server.api('PATCH', `/api/annotations/${task.annotations[0]!.id}/`, { result: choice('mine') });
    }
    for (const annotation of [mine, pats]) {
      await remote.api('PATCH', `/api/annotations/${annotation.id}/`, { result: choice('theirs') });
    }
    await sync();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await remote?.stop();
  });

  const card = (text: string) => page.getByRole('article').filter({ hasText: text.slice(0, 12) });

  it("labels the server's side with the remote's name and each side with its author", async () => {
    const recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    page = recorded.page;
    page.setDefaultTimeout(10_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.goto(`${server.origin}/#/projects/${projectId}/conflicts`, { waitUntil: 'load' });

    const own = card(TEXTS[0]!);
    const theirsTitle = `Theirs, the server's version on ${serverName}`;
    const ownTheirs = own.getByRole('region', { name: theirsTitle, exact: true });
    await ownTheirs.waitFor();
    const ownYours = own.getByRole('region', { name: 'Yours, the version here', exact: true });
    await expectEventually(() => ownYours.innerText()).toContain('Made by Mae Jones (me@example.com)');
    await expectEventually(() => ownTheirs.innerText()).toContain('Made by Mae Jones (me@example.com)');

    const patCard = card(TEXTS[1]!);
    const patTheirs = patCard.getByRole('region', { name: theirsTitle, exact: true });
    await expectEventually(() => patTheirs.innerText()).toContain('Made by Pat Other (pat@example.com)');

    const body = await page.locator('body').innerText();
    expect(body).not.toContain('outpost.local');
  });
});

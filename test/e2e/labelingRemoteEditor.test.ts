import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { openLabelingSession, EDITOR_FRAME, type LabelingSession } from '../helpers/labelingPage.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { expectEventually } from '../helpers/eventually.js';
import { waitUntil } from '../helpers/eventually.js';

/*
 * A project mirrored from a team server whose config the bundled editor cannot show: the page
 * offers the task in the team server's own editor. The team server is a second Outpost.
 */

const VIDEO_CONFIG = `<View>
  <Video name="video" value="$video"/>
  <VideoRectangle name="box" toName="video"/>
  <Labels name="kind" toName="video"><Label value="Car"/></Labels>
</View>`;

interface Run {
  status: string;
  errors: unknown[];
}

describe('labeling a mirrored project on the team server, in Chromium', () => {
  let remote: RemoteOutpost;
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let remoteProject: number;
  let remoteTask: number;

  /** Pulls the remote project into the local server, as the Sync page does. */
  async function pull(local: E2eServer): Promise<void> {
    const added = await local.api<{ id: number }>('POST', '/api/outpost/remotes/', {
      url: remote.url,
      token: remote.token,
      name: 'Team server',
    });
    await local.api('POST', `/api/outpost/remotes/${added.id}/sync/`, { projects: [remoteProject] });
    // Hooks cannot use expect.poll: wait for the background run to end by asking again.
    const last = await waitUntil(
      async () => {
        const [run] = await local.api<Run[]>('GET', `/api/outpost/remotes/${added.id}/runs/`);
        return run?.status === 'completed' || run?.status === 'failed' ? run : null;
      },
      'the sync run to end',
      20_000,
    );
    expect(last?.status).toBe('completed');
    expect(last?.errors).toEqual([]);
  }

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    remoteProject = (
      await remote.api<{ id: number }>('POST', '/api/projects/', { title: 'Cars on video', label_config: VIDEO_CONFIG })
    ).id;
    // A path the sync does not download: the test needs the task, not its video.
    await remote.api('POST', `/api/projects/${remoteProject}/import`, [{ video: 'videos/cars.mp4' }]);
    [remoteTask] = (await remote.api<{ id: number }[]>('GET', `/api/projects/${remoteProject}/tasks/`)).map(
      (task) => task.id,
    ) as [number];
    session = await openLabelingSession('labeling-remote-editor', {
      setup: pull,
      // A remote's editor code runs here: the browser as users run it.
      launch: { siteIsolation: true },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
    await remote?.stop();
  });

  it("links the task to the team server's editor when the bundled one cannot show the config", async () => {
    const projects = await server.api<{ results: { id: number; title: string }[] }>('GET', '/api/projects/');
    const local = projects.results.find((project) => project.title === 'Cars on video')!;
    const [task] = await server.api<{ id: number }[]>('GET', `/api/projects/${local.id}/tasks/`);
    await page.goto(`${server.cli.url}/#/projects/${local.id}/tasks/${task!.id}`);
    await page.getByRole('heading', { name: "The editor cannot show this project's labeling config" }).waitFor();
    const link = page.getByRole('link', { name: 'Label this task on Team server' });
    await link.waitFor();
    await expectEventually(() => link.getAttribute('href')).toBe(
      `${remote.url}/projects/${remoteProject}/data?task=${remoteTask}`,
    );
    await expectEventually(() => link.getAttribute('target')).toBe('_blank');
    await expectEventually(() => link.getAttribute('rel')).toContain('noopener');
    await expectEventually(() => page.locator(EDITOR_FRAME).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-unsupported-mirrored-light.png') });
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

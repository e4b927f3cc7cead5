import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stderrProgress } from '../../electron/core/cli/syncProgressLines.js';
import { estimateSecondsLeft, formatTimeLeft } from '../../shared/text/timeLeft.js';
import { expectEventually } from '../helpers/eventually.js';
import { startHoldingProxy, type HoldingProxy } from '../helpers/holdingProxy.js';
import { CLI_PATH } from '../helpers/spawnCli.js';
import { createRemoteProject, exportedIds, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { createTestApp, movableClock, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

/*
 * A long sync says how far it is and about how long is left, from its pace so far: on the CLI's
 * stderr and in the runs the API lists (what the Sync page polls). The estimate reads the app's
 * clock, which these tests move by hand.
 */

const TASKS = 1_000;
const auth = { Authorization: `Token ${TEST_TOKEN}` };

describe('the time left of a phase', () => {
  it('is the items left at the pace of the items done', () => {
    expect(estimateSecondsLeft(3_200, 100_000, 4_000)).toBe(121);
    expect(estimateSecondsLeft(0, 100_000, 4_000)).toBeNull();
    expect(estimateSecondsLeft(10, null, 4_000)).toBeNull();
    expect(estimateSecondsLeft(250, 250, 4_000)).toBe(0);
  });

  it('is said coarsely', () => {
    expect(formatTimeLeft(0)).toBe('less than a minute left');
    expect(formatTimeLeft(121)).toBe('about 2 min left');
    expect(formatTimeLeft(4_800)).toBe('about 1 h 20 min left');
    expect(formatTimeLeft(7_200)).toBe('about 2 h left');
  });

  it('is printed by the CLI after the counts, once there is a pace', () => {
    const time = movableClock();
    const lines: string[] = [];
    const progress = stderrProgress((line) => lines.push(line), time.clock);
    progress.phase('pull', 'project 5 (1 of 1)');
    progress.items(0, 100_000);
    time.advanceSeconds(4);
    progress.items(3_200, 100_000);
    progress.phase('media');
    progress.items(3, null, 2_048);
    expect(lines).toEqual([
      'sync: pull project 5 (1 of 1)',
      'sync:   pull project 5 (1 of 1): 0 of 100,000 tasks',
      'sync:   pull project 5 (1 of 1): 3,200 of 100,000 tasks, about 2 min left',
      'sync: media',
      'sync:   media: 3 files, 2,048 bytes',
    ]);
  });
});

describe('progress of a real sync', () => {
  let remote: RemoteOutpost;
  let projectId: number;
  let taskIds: number[];
  let proxy: HoldingProxy;
  let t: TestApp;
  const folders: string[] = [];

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const created = await createRemoteProject(
      remote,
      Array.from({ length: TASKS }, (_, index) => `task ${index}`),
    );
    projectId = created.projectId;
    taskIds = created.taskIds;
    proxy = await startHoldingProxy(remote.url);
    t = await createTestApp();
  });
  afterAll(async () => {
    await proxy?.close();
    await remote?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('`outpost sync` prints each page with the counts and the time left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-sync-progress-'));
    folders.push(dataDir);
    const args = ['sync', '--data', dataDir, '--remote', remote.url, '--token', remote.token];
    const stderr = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [CLI_PATH, ...args, '--project', String(projectId)], (error, _stdout, err) =>
        error ? reject(new Error(`outpost sync failed: ${err}`)) : resolve(err),
      );
    });
    const where = `sync:   pull project ${projectId} (1 of 1): `;
    const left = '(less than a minute|about \\d+ min) left';
    expect(stderr).toMatch(new RegExp(`^${escape(where)}250 of 1,000 tasks, ${left}$`, 'm'));
    expect(stderr).toMatch(new RegExp(`^${escape(where)}1,000 of 1,000 tasks, less than a minute left$`, 'm'));
  });

  it("the API's running run says how far its phase is and about how long is left", async () => {
    const added = await t.postJson('/api/outpost/remotes/', { url: proxy.url, token: remote.token }, auth);
    expect(added.status).toBe(201);
    const remoteId = ((await added.json()) as { id: number }).id;
    // A page of the walk is the export of its 250 task ids.
    const isPage = (page: number) => (method: string, path: string) => {
      const url = new URL(path, proxy.url);
      const query = { 'ids[]': url.searchParams.getAll('ids[]') };
      return exportedIds({ method, path: url.pathname, query }).includes(taskIds[(page - 1) * 250]!);
    };
    // The first page (of 250) waits while a minute passes on the app's clock; then the third waits,
    // so the run stays at 500 of 1,000 tasks, done in that minute.
    proxy.hold(isPage(1));
    const started = await t.postJson(`/api/outpost/remotes/${remoteId}/sync`, { projects: [projectId] }, auth);
    expect(started.status).toBe(201);
    const runId = ((await started.json()) as { id: number }).id;
    await proxy.waitForHeld();
    t.advanceSeconds(60);
    proxy.release();
    proxy.hold(isPage(3));

    const liveRun = async () => {
      const runs = (await (await t.withToken(`/api/outpost/remotes/${remoteId}/runs`)).json()) as {
        id: number;
        progress?: unknown;
      }[];
      return runs.find((run) => run.id === runId)?.progress;
    };
    // 500 done in 60 s: the 500 left take 60 s more.
    await expectEventually(liveRun).toEqual({
      detail: `project ${projectId} (1 of 1)`,
      done: 500,
      total: TASKS,
      seconds_left: 60,
    });
    proxy.release();
    await expectEventually(async () => {
      const runs = (await (await t.withToken(`/api/outpost/remotes/${remoteId}/runs`)).json()) as {
        id: number;
        status: string;
      }[];
      return runs.find((run) => run.id === runId)?.status;
    }).toBe('completed');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../electron/core/db/open.js';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { createRemoteClient } from '../../electron/core/sync/remoteClient.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  localSnapshot,
  remoteSnapshot,
  startRemoteOutpost,
  exportedIds,
  isWalkPageCall,
  watchedClient,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/** A pull killed between pages continues from its checkpoint and ends as if never interrupted. */
describe('an interrupted pull', () => {
  let remote: RemoteOutpost;
  let remoteProjectId: number;
  let taskIds: number[];
  const texts = ['t1', 't2', 't3', 't4', 't5', 't6', 't7'];

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const created = await createRemoteProject(remote, texts);
    remoteProjectId = created.projectId;
    taskIds = created.taskIds;
    for (const [index, task] of created.taskIds.entries()) {
      await remote.api('POST', `/api/tasks/${task}/annotations/`, { result: choice(index % 2 ? 'pos' : 'neg') });
    }
    await remote.api('POST', '/api/predictions/', { task: created.taskIds[6], result: choice('pos'), score: 0.7 });
  });

  afterAll(async () => {
    await remote?.stop();
  });

  const counts = (db: Db) => ({
    tasks: db.prepare('SELECT count(*) FROM tasks').pluck().get(),
    mirroredTasks: db.prepare('SELECT count(*) FROM remote_tasks').pluck().get(),
    annotations: db.prepare('SELECT count(*) FROM annotations').pluck().get(),
    mirroredAnnotations: db.prepare('SELECT count(*) FROM remote_annotations').pluck().get(),
    predictions: db.prepare('SELECT count(*) FROM predictions').pluck().get(),
  });

  it('resumes after the last task written when a page failed, with no duplicates', async () => {
    const pagesAsked: number[][] = [];
    let cut = true;
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
      if (!isWalkPageCall(call)) return;
      pagesAsked.push(exportedIds(call));
      // The connection dies when the third page (of 2 tasks each) is asked for.
      if (cut && pagesAsked.length === 3) throw new Error('connection lost');
    });
    const local = await createLocalSync(remote, { client });

    await expect(pullProject(local.ctx, remoteProjectId, { pageSize: 2 })).rejects.toThrow('connection lost');
    const mirror = local.t.db.prepare('SELECT * FROM remote_projects').get() as Record<string, unknown>;
    expect(JSON.parse(String(mirror.pull_checkpoint))).toMatchObject({ since: null, after_id: taskIds[3] });
    expect(mirror.pulled_until).toBeNull();
    expect(counts(local.t.db)).toMatchObject({ tasks: 4, mirroredTasks: 4 });

    cut = false;
    pagesAsked.length = 0;
    const resumed = await pullProject(local.ctx, remoteProjectId, { pageSize: 2 });
    expect(pagesAsked).toEqual([taskIds.slice(4, 6), taskIds.slice(6)]);
    expect(resumed.stats.tasks).toBe(3);
    const mirrorAfter = local.t.db.prepare('SELECT * FROM remote_projects').get() as Record<string, unknown>;
    expect(mirrorAfter.pull_checkpoint).toBeNull();
    expect(mirrorAfter.pulled_until).not.toBeNull();

    // The same state as one uninterrupted pull into a fresh local Outpost.
    const clean = await createLocalSync(remote);
    const whole = await pullProject(clean.ctx, remoteProjectId, { pageSize: 2 });
    expect(counts(local.t.db)).toEqual(counts(clean.t.db));
    expect(counts(local.t.db)).toEqual({
      tasks: 7,
      mirroredTasks: 7,
      annotations: 7,
      mirroredAnnotations: 7,
      predictions: 1,
    });
    expect(await localSnapshot(local.t, resumed.projectId)).toEqual(await localSnapshot(clean.t, whole.projectId));
    expect(await localSnapshot(local.t, resumed.projectId)).toEqual(await remoteSnapshot(remote, remoteProjectId));
  });

  it('resumes after its last task whatever changed there meanwhile and whatever page size it runs with now', async () => {
    const { projectId, taskIds: ids } = await createRemoteProject(remote, ['a', 'b', 'c', 'd', 'e', 'f']);
    const asked: number[][] = [];
    let cut = true;
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
      if (!isWalkPageCall(call)) return;
      asked.push(exportedIds(call));
      if (cut && asked.length === 2) throw new Error('connection lost');
    });
    const local = await createLocalSync(remote, { client });
    await expect(pullProject(local.ctx, projectId, { pageSize: 2 })).rejects.toThrow('connection lost');
    expect(counts(local.t.db)).toMatchObject({ tasks: 2, mirroredTasks: 2 });

    // A task the walk wrote is deleted there, which would shift every later page of a walk by
    // position; another is added at the end.
    await remote.api('DELETE', `/api/tasks/${ids[0]}/`);
    const added = await remote.api<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${projectId}/import?return_task_ids=true`,
      [{ text: 'g' }],
    );
    cut = false;
    asked.length = 0;
    const resumed = await pullProject(local.ctx, projectId, { pageSize: 3 });
    expect(asked).toEqual([[...ids.slice(2, 5)], [ids[5]!, ...added.task_ids]]);
    expect(await localSnapshot(local.t, resumed.projectId)).toEqual(await remoteSnapshot(remote, projectId));
  });

  it('starts the walk over, keeping its start time, from a checkpoint an older version wrote by page number', async () => {
    const local = await createLocalSync(remote);
    const first = await pullProject(local.ctx, remoteProjectId);
    const startedAt = '2026-01-02T03:04:05.000000Z';
    local.t.db
      .prepare('UPDATE remote_projects SET pull_checkpoint = ?, pulled_until = NULL WHERE project = ?')
      .run(JSON.stringify({ since: null, page: 3, page_size: 100, started_at: startedAt }), first.projectId);
    const asked: number[][] = [];
    const watching = await createLocalSync(remote, {
      app: local.t,
      client: watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
        if (isWalkPageCall(call)) asked.push(exportedIds(call));
      }),
    });
    await pullProject(watching.ctx, remoteProjectId, { pageSize: 100 });
    expect(asked).toEqual([taskIds]);
    const pulledUntil = local.t.db.prepare('SELECT pulled_until FROM remote_projects WHERE project = ?').pluck();
    expect(pulledUntil.get(first.projectId)).toBe(startedAt);
    expect(await localSnapshot(local.t, first.projectId)).toEqual(await remoteSnapshot(remote, remoteProjectId));
  });

  it('stops at once when its signal is aborted, and the next run finishes the job', async () => {
    const controller = new AbortController();
    let pages = 0;
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
      if (isWalkPageCall(call) && ++pages === 2) controller.abort();
    });
    const local = await createLocalSync(remote, { client, signal: controller.signal });
    await expect(pullProject(local.ctx, remoteProjectId, { pageSize: 3 })).rejects.toThrow();
    const checkpoint = local.t.db.prepare('SELECT pull_checkpoint FROM remote_projects').pluck().get();
    expect(checkpoint).not.toBeNull();

    const again = await createLocalSync(remote, { app: local.t });
    const finished = await pullProject(again.ctx, remoteProjectId, { pageSize: 3 });
    expect(counts(local.t.db)).toMatchObject({ tasks: 7, mirroredTasks: 7, annotations: 7 });
    expect(await localSnapshot(local.t, finished.projectId)).toEqual(await remoteSnapshot(remote, remoteProjectId));
  });
});

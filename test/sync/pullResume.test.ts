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
  isWalkPageCall,
  watchedClient,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/** A pull killed between pages continues from its checkpoint and ends as if never interrupted. */
describe('an interrupted pull', () => {
  let remote: RemoteOutpost;
  let remoteProjectId: number;
  const texts = ['t1', 't2', 't3', 't4', 't5', 't6', 't7'];

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const created = await createRemoteProject(remote, texts);
    remoteProjectId = created.projectId;
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

  it('resumes from the next page after a failure, with no duplicates', async () => {
    const pagesAsked: number[] = [];
    let cut = true;
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
      if (!isWalkPageCall(call)) return;
      pagesAsked.push(Number(call.query.page));
      // The connection dies when the third page (of 2 tasks each) is asked for.
      if (cut && pagesAsked.length === 3) throw new Error('connection lost');
    });
    const local = await createLocalSync(remote, { client });

    await expect(pullProject(local.ctx, remoteProjectId, { pageSize: 2 })).rejects.toThrow('connection lost');
    const mirror = local.t.db.prepare('SELECT * FROM remote_projects').get() as Record<string, unknown>;
    expect(JSON.parse(String(mirror.pull_checkpoint))).toMatchObject({ since: null, page: 3 });
    expect(mirror.pulled_until).toBeNull();
    expect(counts(local.t.db)).toMatchObject({ tasks: 4, mirroredTasks: 4 });

    cut = false;
    pagesAsked.length = 0;
    const resumed = await pullProject(local.ctx, remoteProjectId, { pageSize: 2 });
    expect(pagesAsked[0]).toBe(3);
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

  it('resumes with the page size it was started with, even when the next run asks for another', async () => {
    const asked: { page: number; size: number }[] = [];
    let cut = true;
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
      if (!isWalkPageCall(call)) return;
      asked.push({ page: Number(call.query.page), size: Number(call.query.page_size) });
      if (cut && asked.length === 3) throw new Error('connection lost');
    });
    const local = await createLocalSync(remote, { client });
    await expect(pullProject(local.ctx, remoteProjectId, { pageSize: 2 })).rejects.toThrow('connection lost');
    expect(counts(local.t.db)).toMatchObject({ tasks: 4, mirroredTasks: 4 });

    // As after an update that changed the default page size: page 3 of 2 tasks, not page 3 of 3
    // (which would skip tasks 5 and 6 and leave them to the reconcile, without their extras).
    cut = false;
    asked.length = 0;
    const resumed = await pullProject(local.ctx, remoteProjectId, { pageSize: 3 });
    expect(asked[0]).toEqual({ page: 3, size: 2 });
    expect(resumed.stats.tasks).toBe(3);
    expect(await localSnapshot(local.t, resumed.projectId)).toEqual(await remoteSnapshot(remote, remoteProjectId));
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMirrorAnnotation, findMirrorTask } from '../../electron/core/db/repos/syncMirrorRepo.js';
import { canonicalJson } from '../../electron/core/sync/conflict.js';
import { pushOutbox } from '../../electron/core/sync/push/pushOutbox.js';
import type { FetchLike } from '../../electron/core/sync/remoteClient.js';
import {
  agreedAnnotation,
  faultyFetch,
  label,
  outbox,
  PNG,
  quickRetry,
  remoteTask,
  setUpMirror,
  startRemote,
  type RemoteServer,
} from '../helpers/syncPushFixtures.js';
import { call } from '../helpers/taskApi.js';

/*
 * The push against a second Outpost (a real process over HTTP): local changes made through the
 * local API are journaled, pushed, and checked through the remote's API field by field.
 */

let remote: RemoteServer;
let remoteUserId: number;

beforeAll(async () => {
  remote = await startRemote();
  remoteUserId = (await remote.api('GET', '/api/current-user/whoami')).body.id as number;
});

afterAll(async () => {
  await remote?.stop();
});

const pending = <T extends { done_at: string | null }>(rows: T[]) => rows.filter((row) => row.done_at === null);

describe('pushing the outbox', () => {
  it('pushes new, skipped, updated and deleted annotations exactly, then has nothing left to do', async () => {
    const m = await setUpMirror(remote, 4);
    const [t0, t1, t2, t3] = m.tasks;
    const edited = await agreedAnnotation(m, 1, label('a'));
    const removed = await agreedAnnotation(m, 2, label('a'));
    const made = await call(m.t, 'POST', `/api/tasks/${t0!.local}/annotations/`, {
      result: label('b'),
      lead_time: 12.5,
      ground_truth: true,
    });
    const skip = await call(m.t, 'POST', `/api/tasks/${t3!.local}/annotations/`, { result: [], was_cancelled: true });
    await call(m.t, 'PATCH', `/api/annotations/${edited.local}/`, { result: label('b'), lead_time: 4 });
    await call(m.t, 'DELETE', `/api/annotations/${removed.local}/`);

    const pushed = await pushOutbox(await m.context(), quickRetry);
    expect(pushed).toEqual({ stats: { annotations: 1, updates: 1, deletions: 1, tasks: 0, skips: 1 }, conflicts: 0 });
    expect(pending(outbox(m.t))).toEqual([]);

    const created = (await remoteTask(remote, t0!.remote)).annotations;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      result: label('b'),
      lead_time: 12.5,
      ground_truth: true,
      was_cancelled: false,
      import_id: made.body.id,
      completed_by: { id: remoteUserId },
    });
    const skipped = (await remoteTask(remote, t3!.remote)).annotations;
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ was_cancelled: true, result: [], import_id: skip.body.id });
    const updated = (await remoteTask(remote, t1!.remote)).annotations;
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ id: edited.remote, result: label('b'), lead_time: 4 });
    expect((await remoteTask(remote, t2!.remote)).annotations).toEqual([]);

    // The mappings hold the pushed versions as the new base.
    expect(findMirrorAnnotation(m.t.db, made.body.id as number)).toMatchObject({
      remote_annotation_id: created[0].id,
      base_result: canonicalJson(label('b')),
      base_was_cancelled: 0,
      remote_updated_at: created[0].updated_at,
    });
    expect(findMirrorAnnotation(m.t.db, skip.body.id as number)).toMatchObject({ base_was_cancelled: 1 });
    expect(findMirrorAnnotation(m.t.db, edited.local)).toMatchObject({ base_result: canonicalJson(label('b')) });

    const again = faultyFetch([]);
    const second = await pushOutbox(await m.context(again.fetch), quickRetry);
    expect(second.stats).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
    expect(again.calls).toEqual([]);
  });

  it('creates a locally imported image task on the remote, with the image uploaded there, then its annotation', async () => {
    const m = await setUpMirror(remote, 1);
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'cat.png');
    const upload = await m.t.withToken(`/api/projects/${m.project}/import?return_task_ids=true`, {
      method: 'POST',
      body: form,
    });
    const task = ((await upload.json()) as { task_ids: number[] }).task_ids[0]!;
    const made = await call(m.t, 'POST', `/api/tasks/${task}/annotations/`, { result: label('a') });

    const pushed = await pushOutbox(await m.context(), quickRetry);
    expect(pushed.stats).toEqual({ annotations: 1, updates: 0, deletions: 0, tasks: 1 });
    const remoteId = findMirrorTask(m.t.db, task)!.remote_task_id;
    const there = await remoteTask(remote, remoteId);
    expect(there.project).toBe(m.remoteProject);
    expect(there.data.image).toMatch(new RegExp(`^/data/upload/${m.remoteProject}/[0-9a-f]{8}-cat\\.png$`));
    expect(there.meta.outpost_sync_id).toBe(outbox(m.t)[0].unique_id);
    expect(there.annotations).toHaveLength(1);
    expect(there.annotations[0]).toMatchObject({ result: label('a'), import_id: made.body.id });
    const image = await fetch(`${remote.cli.url}${there.data.image as string}`, {
      headers: { Authorization: `Token ${remote.cli.token}` },
    });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const list = (await remote.api('GET', `/api/tasks/?project=${m.remoteProject}&page_size=100`)).body;
    expect(list.total).toBe(2);
  });

  it('links instead of duplicating when answers are lost: a create within the run, an update and a task on the next run', async () => {
    const m = await setUpMirror(remote, 2);
    const [t0, t1] = m.tasks;
    const edited = await agreedAnnotation(m, 1, label('a'));
    const made = await call(m.t, 'POST', `/api/tasks/${t0!.local}/annotations/`, { result: label('b') });
    await call(m.t, 'PATCH', `/api/annotations/${edited.local}/`, { result: label('b') });
    const newTask = (await call(m.t, 'POST', '/api/tasks/', { project: m.project, data: { image: 'https://e/n.png' } }))
      .body.id as number;

    const faults = faultyFetch([
      { method: 'POST', path: /^\/api\/tasks\/\d+\/annotations\/$/, kind: 'lose', times: 1 },
      // The update and the task import land but their answers are lost, and the remote then
      // fails until this run's retries give up.
      { method: 'PATCH', path: /^\/api\/annotations\/\d+\/$/, kind: 'lose', times: 1 },
      { method: 'PATCH', path: /^\/api\/annotations\/\d+\/$/, kind: 503, times: 3 },
      { method: 'POST', path: /^\/api\/projects\/\d+\/import$/, kind: 'lose', times: 1 },
      { method: 'GET', path: /^\/api\/tasks\/$/, kind: 503, times: 3 },
    ]);
    const first = await pushOutbox(await m.context(faults.fetch), quickRetry);
    expect(first.stats).toEqual({ annotations: 1, updates: 0, deletions: 0, tasks: 0 });
    expect(faults.injected).toHaveLength(9);
    const failed = pending(outbox(m.t));
    expect(failed.map((row) => row.kind).sort()).toEqual(['annotation_update', 'task_create']);
    expect(failed.every((row) => row.attempts === 1 && row.next_attempt_at !== null && row.last_error)).toBe(true);

    m.t.advanceSeconds(3600);
    const second = await pushOutbox(await m.context(), quickRetry);
    expect(second.stats).toEqual({ annotations: 0, updates: 1, deletions: 0, tasks: 1 });
    expect(pending(outbox(m.t))).toEqual([]);

    const onT0 = (await remoteTask(remote, t0!.remote)).annotations;
    expect(onT0.map((a: { import_id: number }) => a.import_id)).toEqual([made.body.id]);
    const onT1 = (await remoteTask(remote, t1!.remote)).annotations;
    expect(onT1).toHaveLength(1);
    expect(onT1[0]).toMatchObject({ id: edited.remote, result: label('b') });
    const list = (await remote.api('GET', `/api/tasks/?project=${m.remoteProject}&page_size=100`)).body;
    expect(list.total).toBe(3);
    expect(findMirrorTask(m.t.db, newTask)!.remote_task_id).toBe(list.tasks[2].id);
    expect(findMirrorAnnotation(m.t.db, made.body.id as number)!.remote_annotation_id).toBe(onT0[0].id);
  });

  it('deletes exactly once when answers are lost, even an annotation whose create may have landed', async () => {
    const m = await setUpMirror(remote, 2);
    const [t0, t1] = m.tasks;
    const removed = await agreedAnnotation(m, 0, label('a'));
    await call(m.t, 'DELETE', `/api/annotations/${removed.local}/`);
    const made = await call(m.t, 'POST', `/api/tasks/${t1!.local}/annotations/`, { result: label('a') });
    const faults = faultyFetch([
      { method: 'DELETE', path: /^\/api\/annotations\/\d+\/$/, kind: 'lose', times: 1 },
      { method: 'DELETE', path: /^\/api\/annotations\/\d+\/$/, kind: 503, times: 3 },
      { method: 'POST', path: /annotations\/$/, kind: 'lose', times: 1 },
      { method: 'POST', path: /annotations\/$/, kind: 503, times: 3 },
    ]);
    const first = await pushOutbox(await m.context(faults.fetch), quickRetry);
    expect(first.stats).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
    // Both requests landed: the remote annotation is gone, the create is there, unlinked.
    expect((await remoteTask(remote, t0!.remote)).annotations).toEqual([]);
    expect((await remoteTask(remote, t1!.remote)).annotations).toHaveLength(1);
    // Deleted here while its create may have landed: the delete finds it by import_id.
    await call(m.t, 'DELETE', `/api/annotations/${made.body.id}/`);
    m.t.advanceSeconds(3600);
    const second = await pushOutbox(await m.context(), quickRetry);
    expect(second.stats).toEqual({ annotations: 0, updates: 0, deletions: 1, tasks: 0 });
    expect((await remoteTask(remote, t1!.remote)).annotations).toEqual([]);
    expect(pending(outbox(m.t))).toEqual([]);
    expect(outbox(m.t).map((row) => [row.kind, row.last_error])).toEqual([
      ['annotation_delete', 'already deleted remotely'],
      ['annotation_create', 'superseded: deleted locally'],
      ['annotation_delete', null],
    ]);
  });

  it('counts an attempt only for rows whose request left: a stopped run takes back the marks it wrote ahead', async () => {
    const m = await setUpMirror(remote, 3);
    for (const task of m.tasks)
      await call(m.t, 'POST', `/api/tasks/${task.local}/annotations/`, { result: label('a') });
    const stop = new AbortController();
    const sent: string[] = [];
    // The first POST is answered, then the run is stopped: the other two rows never go out.
    const stopAfterFirst: FetchLike = async (input, init) => {
      const answer = await fetch(input, init);
      if (init?.method === 'POST') {
        sent.push(String(input));
        stop.abort();
      }
      return answer;
    };
    await pushOutbox({ ...(await m.context(stopAfterFirst)), signal: stop.signal }, quickRetry);
    expect(sent).toHaveLength(1);
    expect(outbox(m.t).map((row) => [row.attempts, row.done_at === null])).toEqual([
      [1, false],
      [0, true],
      [0, true],
    ]);
  });

  it('keeps the order within a task when a row fails, while other tasks go on; retries later in order', async () => {
    const m = await setUpMirror(remote, 2);
    const [t0, t1] = m.tasks;
    const first = await call(m.t, 'POST', `/api/tasks/${t0!.local}/annotations/`, { result: label('a') });
    const other = await call(m.t, 'POST', `/api/tasks/${t1!.local}/annotations/`, { result: label('a') });
    const later = await call(m.t, 'POST', `/api/tasks/${t0!.local}/annotations/`, { result: label('b') });
    const t0Path = new RegExp(`^/api/tasks/${t0!.remote}/annotations/$`);
    const faults = faultyFetch([{ method: 'POST', path: t0Path, kind: 500, times: 4 }]);
    const run1 = await pushOutbox(await m.context(faults.fetch), quickRetry);
    expect(run1.stats.annotations).toBe(1);
    expect(faults.calls.filter((c) => t0Path.test(c.split(' ')[1]!))).toHaveLength(4);
    expect(m.progressErrors).toHaveLength(1);
    const [rowFirst, rowOther, rowLater] = outbox(m.t);
    expect(rowFirst).toMatchObject({ attempts: 1, done_at: null });
    expect(rowFirst.last_error).toContain('500');
    expect(rowOther.done_at).not.toBeNull();
    expect(rowLater).toMatchObject({ attempts: 0, done_at: null });

    // Before its next attempt time the task waits; afterwards both go, in order.
    const early = faultyFetch([]);
    await pushOutbox(await m.context(early.fetch), quickRetry);
    expect(early.calls).toEqual([]);
    m.t.advanceSeconds(3600);
    const run2 = await pushOutbox(await m.context(), quickRetry);
    expect(run2.stats.annotations).toBe(2);
    const there = (await remoteTask(remote, t0!.remote)).annotations as { id: number; import_id: number }[];
    expect(there.sort((a, b) => a.id - b.id).map((a) => a.import_id)).toEqual([first.body.id, later.body.id]);
    expect((await remoteTask(remote, t1!.remote)).annotations[0].import_id).toBe(other.body.id);
  });

  it('retries 503 and 429 answers within the run', async () => {
    const m = await setUpMirror(remote, 1);
    const made = await call(m.t, 'POST', `/api/tasks/${m.tasks[0]!.local}/annotations/`, { result: label('a') });
    const faults = faultyFetch([
      { method: 'POST', path: /annotations\/$/, kind: 503, times: 2 },
      { method: 'POST', path: /annotations\/$/, kind: 429, times: 1 },
    ]);
    const pushed = await pushOutbox(await m.context(faults.fetch), quickRetry);
    expect(pushed.stats.annotations).toBe(1);
    expect(faults.injected).toHaveLength(3);
    const there = (await remoteTask(remote, m.tasks[0]!.remote)).annotations;
    expect(there.map((a: { import_id: number }) => a.import_id)).toEqual([made.body.id]);
  });

  it('does not overwrite or delete what changed remotely: the update and the delete wait for the pull', async () => {
    const m = await setUpMirror(remote, 3);
    const edited = await agreedAnnotation(m, 0, label('a'));
    const removed = await agreedAnnotation(m, 1, label('a'));
    const gone = await agreedAnnotation(m, 2, label('a'));
    await remote.api('PATCH', `/api/annotations/${edited.remote}/`, { result: label('theirs') });
    await remote.api('PATCH', `/api/annotations/${removed.remote}/`, { result: label('theirs') });
    await remote.api('DELETE', `/api/annotations/${gone.remote}/`);
    await call(m.t, 'PATCH', `/api/annotations/${edited.local}/`, { result: label('mine') });
    await call(m.t, 'DELETE', `/api/annotations/${removed.local}/`);
    await call(m.t, 'PATCH', `/api/annotations/${gone.local}/`, { result: label('mine') });

    const pushed = await pushOutbox(await m.context(), quickRetry);
    expect(pushed.stats).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
    const rows = outbox(m.t);
    expect(rows.map((row) => [row.kind, row.done_at === null, row.last_error])).toEqual([
      ['annotation_update', true, 'remote changed; resolved by the next pull'],
      ['annotation_delete', true, 'remote changed; resolved by the next pull'],
      ['annotation_update', true, 'deleted remotely; resolved by the next pull'],
    ]);
    expect((await remote.api('GET', `/api/annotations/${edited.remote}/`)).body.result).toEqual(label('theirs'));
    expect((await remote.api('GET', `/api/annotations/${removed.remote}/`)).body.result).toEqual(label('theirs'));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictCountsSchema, conflictListSchema, conflictSchema, type Conflict } from '../../shared/api/conflicts.js';
import { fetchConflictCounts, fetchConflicts } from '../../renderer/src/api/conflicts.js';
import { localCall, makeConflicts, MINE, THEIRS, type ConflictScene } from '../helpers/conflictFixtures.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { rendererClient } from '../helpers/rendererClient.js';

/*
 * `/api/outpost/conflicts/` over conflicts a real pull met against a spawned remote Outpost:
 * the list (filters, both sides of each), one conflict, the open counts, and the errors of
 * `resolve` in Label Studio's envelope. Every answer is parsed with the shared wire schema
 * (shared/api/conflicts.ts), strictly: a field missing, added or renamed fails. What each resolution does is in test/sync/conflictResolution*.
 */

/** The fixture names each task by its text. */
function textOf(conflict: Conflict): string {
  return (conflict.task_data as { text: string }).text;
}

describe('/api/outpost/conflicts/', () => {
  let remote: RemoteOutpost;
  let scene: ConflictScene;
  let call: ReturnType<typeof localCall>;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    scene = await makeConflicts(remote, {
      both: 'edited_on_both_sides',
      gone: 'edited_here_deleted_there',
      back: 'deleted_here_edited_there',
      task: 'task_deleted_there',
    });
    call = localCall(scene.local);
  });

  afterAll(async () => {
    await remote?.stop();
  });

  it('answers every read in the shared wire shape, which the renderer reads as is', async () => {
    const list = await call('GET', `/api/outpost/conflicts/?project=${scene.projectId}`);
    const conflicts = conflictListSchema.parse(list.body);
    expect(conflicts.map((conflict) => conflict.kind).sort()).toEqual([
      'deleted_here_edited_there',
      'edited_here_deleted_there',
      'edited_on_both_sides',
      'task_deleted_there',
    ]);
    // Both sides and the task's own work, so the nested shapes are checked on real values too.
    expect(conflicts.some((conflict) => conflict.local?.completed_by && conflict.remote)).toBe(true);
    expect(conflicts.some((conflict) => conflict.task_annotations.length > 0)).toBe(true);
    conflictSchema.parse((await call('GET', `/api/outpost/conflicts/${scene.conflicts.both!}/`)).body);
    conflictCountsSchema.parse((await call('GET', '/api/outpost/conflicts/counts/')).body);

    const client = rendererClient(scene.local.t);
    expect(await fetchConflicts(client, scene.projectId, false)).toEqual(conflicts);
    expect(await fetchConflictCounts(client)).toEqual({ [String(scene.projectId)]: 4 });
  });

  it('lists the open conflicts of a project with both sides and the task', async () => {
    const { status, body } = await call<Conflict[]>(
      'GET',
      `/api/outpost/conflicts/?project=${scene.projectId}&resolved=false`,
    );
    expect(status).toBe(200);
    const byText = Object.fromEntries(body.map((conflict) => [textOf(conflict), conflict]));
    expect(Object.keys(byText).sort()).toEqual(['back', 'both', 'gone', 'task']);
    for (const conflict of body) {
      expect(conflict).toMatchObject({ project: scene.projectId, resolved_at: null, resolution: null });
      expect(conflict.id).toBe(scene.conflicts[textOf(conflict)]);
      expect(conflict.task).toBe(scene.localTasks[textOf(conflict)]);
      expect(typeof conflict.created_at).toBe('string');
    }
    expect(byText.both).toMatchObject({
      kind: 'edited_on_both_sides',
      local: { result: MINE, was_cancelled: false, completed_by: { id: scene.local.t.userId } },
      remote: { result: THEIRS, was_cancelled: false },
    });
    expect(byText.both!.local!.id).not.toBe(byText.both!.remote!.id);
    expect(byText.gone).toMatchObject({ kind: 'edited_here_deleted_there', local: { result: MINE }, remote: null });
    expect(byText.back).toMatchObject({ kind: 'deleted_here_edited_there', local: null, remote: { result: THEIRS } });
    expect(byText.task).toMatchObject({ kind: 'task_deleted_there', local: null, remote: null });
    expect(byText.task!.task_annotations.map((annotation) => annotation.result)).toContainEqual(MINE);
  });

  it('filters by project and state, and gives one conflict by id', async () => {
    const other = await call<Conflict[]>('GET', `/api/outpost/conflicts/?project=${scene.projectId + 1000}`);
    expect(other.body).toEqual([]);
    const resolved = await call<Conflict[]>('GET', `/api/outpost/conflicts/?resolved=true`);
    expect(resolved.body).toEqual([]);
    const one = await call<Conflict>('GET', `/api/outpost/conflicts/${scene.conflicts.gone!}/`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: scene.conflicts.gone, kind: 'edited_here_deleted_there' });
    const bad = await call('GET', '/api/outpost/conflicts/?project=abc&resolved=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      status_code: 400,
      validation_errors: { project: ['A valid integer is required.'], resolved: ['Must be a valid boolean.'] },
    });
  });

  it('counts the open conflicts per project', async () => {
    const counts = await call<Record<string, number>>('GET', '/api/outpost/conflicts/counts/');
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ [String(scene.projectId)]: 4 });
  });

  it('refuses a bad resolution, an unknown conflict and a second resolution', async () => {
    const id = scene.conflicts.back!;
    const missing = await call('POST', `/api/outpost/conflicts/${id}/resolve`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ validation_errors: { resolution: ['This field is required.'] } });
    const wrong = await call('POST', `/api/outpost/conflicts/${id}/resolve`, { resolution: 'keep_all' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ validation_errors: { resolution: ['"keep_all" is not a valid choice.'] } });
    const unknown = await call('POST', '/api/outpost/conflicts/999999/resolve', { resolution: 'keep_mine' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status_code: 404, detail: 'No SyncConflict matches the given query.' });
    expect((await call('GET', '/api/outpost/conflicts/999999/')).status).toBe(404);

    const first = await call<Conflict>('POST', `/api/outpost/conflicts/${id}/resolve`, {
      resolution: 'keep_theirs',
    });
    expect(first.status).toBe(200);
    conflictSchema.parse(first.body);
    expect(first.body).toMatchObject({ id, resolution: 'keep_theirs', remote: { result: THEIRS } });
    expect(first.body.resolved_at).not.toBeNull();
    const again = await call('POST', `/api/outpost/conflicts/${id}/resolve`, { resolution: 'keep_mine' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status_code: 409, detail: 'This conflict is already resolved.' });
    // The refused second answer changed nothing.
    const after = await call<Conflict>('GET', `/api/outpost/conflicts/${id}/`);
    expect(after.body).toMatchObject({ resolution: 'keep_theirs', remote: { result: THEIRS } });

    const counts = await call<Record<string, number>>('GET', '/api/outpost/conflicts/counts/');
    expect(counts.body).toEqual({ [String(scene.projectId)]: 3 });
    const resolved = await call<Conflict[]>('GET', `/api/outpost/conflicts/?project=${scene.projectId}&resolved=1`);
    expect(resolved.body.map((conflict) => conflict.id)).toEqual([id]);
  });

  it('answers only authenticated callers, and only the methods it has', async () => {
    const anonymous = await scene.local.t.request('/api/outpost/conflicts/');
    expect(anonymous.status).toBe(401);
    const put = await call('PUT', `/api/outpost/conflicts/${scene.conflicts.both!}/`, {});
    expect(put.status).toBe(405);
    const getResolve = await call('GET', `/api/outpost/conflicts/${scene.conflicts.both!}/resolve`);
    expect(getResolve.status).toBe(405);
  });
});

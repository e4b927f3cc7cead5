import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  startRemoteOutpost,
  type LocalSync,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/*
 * Conflicts found by a pull. Local edits are made the simplest way: the annotation row is
 * changed directly and a pending outbox row is written by hand, as the journaling would.
 */
describe('conflicts met by a pull', () => {
  let remote: RemoteOutpost;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
  });

  afterAll(async () => {
    await remote?.stop();
  });

  function localOf(local: LocalSync, remoteAnnotationId: number) {
    return local.t.db
      .prepare(
        `SELECT a.id, a.task, a.project, a.result, a.unique_id FROM annotations a
         JOIN remote_annotations ra ON ra.annotation = a.id WHERE ra.remote_annotation_id = ?`,
      )
      .get(remoteAnnotationId) as { id: number; task: number; project: number; result: string; unique_id: string };
  }

  function journal(
    local: LocalSync,
    row: { kind: string; task: number; project: number; annotation: number | null; remote: number | null },
  ) {
    return Number(
      local.t.db
        .prepare(
          `INSERT INTO sync_outbox (remote, project, task, kind, annotation, remote_annotation_id, created_at)
           VALUES (?, ?, ?, ?, ?, ?, '2026-01-15T10:00:00.000000Z')`,
        )
        .run(local.ctx.remoteId, row.project, row.task, row.kind, row.annotation, row.remote).lastInsertRowid,
    );
  }

  function editLocally(local: LocalSync, remoteAnnotationId: number, value: string) {
    const annotation = localOf(local, remoteAnnotationId);
    local.t.db
      .prepare('UPDATE annotations SET result = ? WHERE id = ?')
      .run(JSON.stringify(choice(value)), annotation.id);
    const outbox = journal(local, {
      kind: 'annotation_update',
      ...annotation,
      annotation: annotation.id,
      remote: remoteAnnotationId,
    });
    return { annotation, outbox };
  }

  const outboxRow = (local: LocalSync, id: number) =>
    local.t.db.prepare('SELECT done_at, last_error FROM sync_outbox WHERE id = ?').get(id) as {
      done_at: string | null;
      last_error: string | null;
    };
  const conflicts = (local: LocalSync) =>
    local.t.db.prepare('SELECT * FROM sync_conflicts ORDER BY id').all() as Record<string, unknown>[];

  it('keeps both sides of every divergence, and says so once', async () => {
    const { projectId: remoteProjectId, taskIds } = await createRemoteProject(remote, [
      'both',
      'gone',
      'back',
      'kept',
      'drop',
      'quiet',
    ]);
    const [both, gone, back, kept, drop, quiet] = taskIds as [number, number, number, number, number, number];
    const post = (task: number, value: string) =>
      remote.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, { result: choice(value) });
    const a = { both: await post(both, 'pos'), gone: await post(gone, 'pos'), back: await post(back, 'pos') };
    const quietAnnotation = await post(quiet, 'pos');
    await post(kept, 'pos');
    await post(drop, 'pos');

    const local = await createLocalSync(remote);
    const { projectId } = await pullProject(local.ctx, remoteProjectId);

    // 1. Edited on both sides.
    const edited = editLocally(local, a.both.id, 'neg');
    await remote.api('PATCH', `/api/annotations/${a.both.id}/`, { result: choice('pos'), lead_time: 9 });
    await remote.api('PATCH', `/api/annotations/${a.both.id}/`, { result: [] });
    // 2. Edited here, deleted there.
    const orphan = editLocally(local, a.gone.id, 'neg');
    await remote.api('DELETE', `/api/annotations/${a.gone.id}/`);
    // 3. Deleted here, edited there.
    const deleted = localOf(local, a.back.id);
    local.t.db.prepare('DELETE FROM annotations WHERE id = ?').run(deleted.id);
    const deleteRow = journal(local, { kind: 'annotation_delete', ...deleted, annotation: null, remote: a.back.id });
    await remote.api('PATCH', `/api/annotations/${a.back.id}/`, { result: choice('neg') });
    // 4. Deleted here, unchanged there: the deletion just waits to be pushed.
    const quietLocal = localOf(local, quietAnnotation.id);
    local.t.db.prepare('DELETE FROM annotations WHERE id = ?').run(quietLocal.id);
    const quietDelete = journal(local, {
      kind: 'annotation_delete',
      ...quietLocal,
      annotation: null,
      remote: quietAnnotation.id,
    });
    // 5. A task deleted there that holds unpushed local work, and one that does not.
    const keptTask = local.t.db
      .prepare('SELECT task FROM remote_tasks WHERE remote_task_id = ?')
      .pluck()
      .get(kept) as number;
    local.t.db
      .prepare(
        `INSERT INTO annotations (task, project, unique_id, result, completed_by, created_at, updated_at)
         VALUES (?, ?, 'local-only-work', ?, ?, '2026-01-15T10:00:00.000000Z', '2026-01-15T10:00:00.000000Z')`,
      )
      .run(keptTask, projectId, JSON.stringify(choice('neg')), local.t.userId);
    await remote.api('DELETE', `/api/tasks/${kept}/`);
    await remote.api('DELETE', `/api/tasks/${drop}/`);

    const pulled = await pullProject(local.ctx, remoteProjectId);
    expect(pulled.conflicts).toBe(4);
    const rows = conflicts(local);
    expect(rows.map((row) => row.kind)).toEqual([
      'edited_on_both_sides',
      'edited_here_deleted_there',
      'deleted_here_edited_there',
      'task_deleted_there',
    ]);

    // 1: the remote version is the mirror, the local one its own annotation; the update will not be pushed.
    const mirrorBoth = localOf(local, a.both.id);
    expect(JSON.parse(mirrorBoth.result)).toEqual([]);
    expect(mirrorBoth.id).not.toBe(edited.annotation.id);
    expect(
      JSON.parse(
        String(local.t.db.prepare('SELECT result FROM annotations WHERE id = ?').pluck().get(edited.annotation.id)),
      ),
    ).toEqual(choice('neg'));
    expect(
      local.t.db
        .prepare('SELECT count(*) FROM remote_annotations WHERE annotation = ?')
        .pluck()
        .get(edited.annotation.id),
    ).toBe(0);
    expect(rows[0]).toMatchObject({
      local_annotation: edited.annotation.id,
      mirror_annotation: mirrorBoth.id,
      remote_annotation_id: a.both.id,
    });
    expect(outboxRow(local, edited.outbox)).toMatchObject({
      last_error: `superseded: conflict ${String(rows[0]!.id)}`,
    });
    expect(outboxRow(local, edited.outbox).done_at).not.toBeNull();
    // The kept copy is no one's twin any more: it carries a unique_id of its own.
    const uniqueIdOf = (id: number) =>
      local.t.db.prepare('SELECT unique_id FROM annotations WHERE id = ?').pluck().get(id);
    expect(uniqueIdOf(edited.annotation.id)).not.toBe(edited.annotation.unique_id);
    expect(
      local.t.db.prepare('SELECT total_annotations FROM tasks WHERE id = ?').pluck().get(edited.annotation.task),
    ).toBe(2);

    // 2: the local edit stays, unmirrored, and is queued as a new annotation.
    expect(
      JSON.parse(
        String(local.t.db.prepare('SELECT result FROM annotations WHERE id = ?').pluck().get(orphan.annotation.id)),
      ),
    ).toEqual(choice('neg'));
    expect(rows[1]).toMatchObject({
      local_annotation: orphan.annotation.id,
      mirror_annotation: null,
      remote_annotation_id: a.gone.id,
    });
    expect(outboxRow(local, orphan.outbox).done_at).not.toBeNull();
    expect(
      local.t.db
        .prepare(
          "SELECT count(*) FROM sync_outbox WHERE kind = 'annotation_create' AND annotation = ? AND done_at IS NULL",
        )
        .pluck()
        .get(orphan.annotation.id),
    ).toBe(1);
    const queued = local.t.db
      .prepare(
        "SELECT unique_id FROM sync_outbox WHERE kind = 'annotation_create' AND annotation = ? AND done_at IS NULL",
      )
      .pluck()
      .get(orphan.annotation.id);
    expect(queued).toBe(uniqueIdOf(orphan.annotation.id));
    expect(queued).not.toBe(orphan.annotation.unique_id);

    // 3: the remote edit came back as the mirror; the local deletion will not be pushed.
    const restored = localOf(local, a.back.id);
    expect(JSON.parse(restored.result)).toEqual(choice('neg'));
    expect(rows[2]).toMatchObject({
      local_annotation: null,
      mirror_annotation: restored.id,
      remote_annotation_id: a.back.id,
    });
    expect(outboxRow(local, deleteRow).done_at).not.toBeNull();

    // 4: untouched there, so the local deletion waits in the outbox.
    expect(outboxRow(local, quietDelete)).toEqual({ done_at: null, last_error: null });
    expect(
      local.t.db
        .prepare('SELECT count(*) FROM remote_annotations WHERE remote_annotation_id = ?')
        .pluck()
        .get(quietAnnotation.id),
    ).toBe(0);

    // 5: the task with local work stays; the other goes.
    expect(local.t.db.prepare('SELECT count(*) FROM tasks WHERE id = ?').pluck().get(keptTask)).toBe(1);
    expect(rows[3]).toMatchObject({ task: keptTask, kind: 'task_deleted_there' });
    expect(local.t.db.prepare('SELECT count(*) FROM remote_tasks WHERE remote_task_id = ?').pluck().get(drop)).toBe(0);

    // Pulling again finds nothing new and records no conflict twice.
    const again = await pullProject(local.ctx, remoteProjectId);
    expect(again.conflicts).toBe(0);
    expect(again.stats).toMatchObject({ tasks: 0, annotations: 0, predictions: 0 });
    expect(conflicts(local)).toHaveLength(4);
  });

  it('links an annotation a push posted but did not get to link, instead of copying it', async () => {
    const { projectId: remoteProjectId, taskIds } = await createRemoteProject(remote, ['posted']);
    const local = await createLocalSync(remote);
    const { projectId } = await pullProject(local.ctx, remoteProjectId);
    const task = local.t.db.prepare('SELECT task FROM remote_tasks').pluck().get() as number;
    const localId = Number(
      local.t.db
        .prepare(
          `INSERT INTO annotations (task, project, unique_id, result, completed_by, created_at, updated_at)
           VALUES (?, ?, 'made-here', ?, ?, '2026-01-15T10:00:00.000000Z', '2026-01-15T10:00:00.000000Z')`,
        )
        .run(task, projectId, JSON.stringify(choice('pos')), local.t.userId).lastInsertRowid,
    );
    journal(local, { kind: 'annotation_create', task, project: projectId, annotation: localId, remote: null });
    // The push's POST landed there; the process died before it wrote the link here.
    const posted = await remote.api<{ id: number }>('POST', `/api/tasks/${taskIds[0]}/annotations/`, {
      result: choice('pos'),
      unique_id: '3f1c2f0e-8c1e-4d59-9a43-0c2d4b7e9a11',
      import_id: localId,
    });

    const pulled = await pullProject(local.ctx, remoteProjectId);
    expect(pulled.conflicts).toBe(0);
    expect(local.t.db.prepare('SELECT count(*) FROM annotations WHERE task = ?').pluck().get(task)).toBe(1);
    expect(localOf(local, posted.id).id).toBe(localId);
  });
});

import { describe, expect, it } from 'vitest';
import { insertAnnotationRow } from '../../electron/core/db/repos/annotationsRepo.js';
import { upsertMirrorAnnotation } from '../../electron/core/db/repos/syncMirrorRepo.js';
import { decodeDeleteRecord } from '../../electron/core/domain/sync/journalRecords.js';
import { canonicalJson } from '../../electron/core/sync/conflict.js';
import { IMAGE_CONFIG, label, localMirror, outbox, PNG } from '../helpers/syncPushFixtures.js';
import { call } from '../helpers/taskApi.js';

/*
 * The outbox journal through the local API: every change to a mirrored project leaves its row in
 * the same transaction; other projects and repo-level writes (what the pull uses) leave none.
 */

const items = [{ image: 'https://example.org/0.png' }, { image: 'https://example.org/1.png' }];

async function mirror() {
  return localMirror('http://remote.invalid', 900, items, [9001, 9002]);
}

type Setup = Awaited<ReturnType<typeof mirror>>;

/** An annotation as a pull leaves it: written by a repo (not journaled) and linked to a remote twin. */
function pulledAnnotation(m: Setup, task: number, remoteAnnotation: number, value: string): number {
  const id = insertAnnotationRow(m.t.db, {
    task,
    project: m.project,
    unique_id: `pulled-${remoteAnnotation}`,
    result: JSON.stringify(label(value)),
    completed_by: m.t.userId,
    created_at: 'x',
    updated_at: 'x',
  });
  upsertMirrorAnnotation(m.t.db, {
    annotation: id,
    remote: m.remoteId,
    remote_annotation_id: remoteAnnotation,
    remote_updated_at: '2026-01-01T00:00:00.000000Z',
    base_result: canonicalJson(label(value)),
    base_was_cancelled: 0,
    base_ground_truth: 0,
  });
  return id;
}

describe('the outbox journal', () => {
  it('writes a create for a new annotation and for a skip, with the annotation and its unique_id', async () => {
    const m = await mirror();
    const [first, second] = m.tasks;
    const made = await call(m.t, 'POST', `/api/tasks/${first!.local}/annotations/`, { result: label('a') });
    const skip = await call(m.t, 'POST', `/api/tasks/${second!.local}/annotations/?was_cancelled=1`, { result: [] });
    expect([made.status, skip.status]).toEqual([201, 201]);
    const uniqueIds = m.t.db.prepare('SELECT id, unique_id FROM annotations ORDER BY id').all() as {
      id: number;
      unique_id: string;
    }[];
    expect(outbox(m.t)).toMatchObject([
      {
        kind: 'annotation_create',
        remote: m.remoteId,
        project: m.project,
        task: first!.local,
        annotation: made.body.id,
        unique_id: uniqueIds[0]!.unique_id,
        done_at: null,
        attempts: 0,
      },
      { kind: 'annotation_create', task: second!.local, annotation: skip.body.id, unique_id: uniqueIds[1]!.unique_id },
    ]);
  });

  it('adds no row for edits while a create or an update is pending; updates a pulled annotation once', async () => {
    const m = await mirror();
    const task = m.tasks[0]!.local;
    const made = await call(m.t, 'POST', `/api/tasks/${task}/annotations/`, { result: label('a') });
    await call(m.t, 'PATCH', `/api/annotations/${made.body.id}/`, { result: label('b') });
    expect(outbox(m.t).map((row) => row.kind)).toEqual(['annotation_create']);

    const pulled = pulledAnnotation(m, task, 555, 'a');
    expect(outbox(m.t)).toHaveLength(1);
    await call(m.t, 'PATCH', `/api/annotations/${pulled}/`, { result: label('b') });
    await call(m.t, 'PATCH', `/api/annotations/${pulled}/`, { result: label('a'), lead_time: 3 });
    const rows = outbox(m.t);
    expect(rows.map((row) => row.kind)).toEqual(['annotation_create', 'annotation_update']);
    expect(rows[1]).toMatchObject({ annotation: pulled, remote_annotation_id: 555, task });
  });

  it('turns a deletion into a delete row carrying the remote id and the agreed base, and closes pending rows', async () => {
    const m = await mirror();
    const task = m.tasks[0]!.local;
    const pulled = pulledAnnotation(m, task, 556, 'a');
    await call(m.t, 'PATCH', `/api/annotations/${pulled}/`, { result: label('b') });
    expect((await call(m.t, 'DELETE', `/api/annotations/${pulled}/`)).status).toBe(204);
    const [update, deletion] = outbox(m.t);
    expect(update).toMatchObject({
      kind: 'annotation_update',
      annotation: null,
      last_error: 'superseded: deleted locally',
    });
    expect(update.done_at).not.toBeNull();
    expect(deletion).toMatchObject({ kind: 'annotation_delete', remote_annotation_id: 556, annotation: null, task });
    expect(decodeDeleteRecord(deletion.base)).toEqual({
      result: canonicalJson(label('a')),
      wasCancelled: false,
      groundTruth: false,
      importId: pulled,
    });
  });

  it('drops a create that never left, but journals a delete for one that may have landed', async () => {
    const m = await mirror();
    const task = m.tasks[0]!.local;
    const never = await call(m.t, 'POST', `/api/tasks/${task}/annotations/`, { result: label('a') });
    await call(m.t, 'DELETE', `/api/annotations/${never.body.id}/`);
    expect(outbox(m.t)).toEqual([]);

    const sent = await call(m.t, 'POST', `/api/tasks/${task}/annotations/`, { result: label('b') });
    m.t.db.prepare('UPDATE sync_outbox SET attempts = 1').run();
    // Convert-to-draft deletes the annotation too.
    expect((await call(m.t, 'POST', `/api/annotations/${sent.body.id}/convert-to-draft`)).status).toBe(201);
    const [create, deletion] = outbox(m.t);
    expect(create).toMatchObject({ kind: 'annotation_create', last_error: 'superseded: deleted locally' });
    expect(deletion).toMatchObject({ kind: 'annotation_delete', remote_annotation_id: null, task });
    expect(decodeDeleteRecord(deletion.base)?.importId).toBe(sent.body.id);
  });

  it('journals created tasks (POST /api/tasks, an import with annotations, an image upload) before their annotations', async () => {
    const m = await mirror();
    const single = await call(m.t, 'POST', '/api/tasks/', { project: m.project, data: { image: 'https://e/x.png' } });
    const imported = await call(m.t, 'POST', `/api/projects/${m.project}/import?return_task_ids=true`, [
      { data: { image: 'https://e/y.png' }, annotations: [{ result: label('a') }] },
    ]);
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'cat.png');
    const upload = await m.t.withToken(`/api/projects/${m.project}/import?return_task_ids=true`, {
      method: 'POST',
      body: form,
    });
    const uploaded = (await upload.json()) as { task_ids: number[] };
    const rows = outbox(m.t);
    expect(rows.map((row) => [row.kind, row.task])).toEqual([
      ['task_create', single.body.id],
      ['task_create', imported.body.task_ids[0]],
      ['annotation_create', imported.body.task_ids[0]],
      ['task_create', uploaded.task_ids[0]],
    ]);
    // Each task's marker is its own uuid.
    const markers = rows.filter((row) => row.kind === 'task_create').map((row) => row.unique_id as string);
    expect(new Set(markers).size).toBe(3);
    expect(markers.every((marker) => /^[0-9a-f-]{36}$/.test(marker))).toBe(true);
  });

  it('journals what Data Manager actions and task deletions do to annotations', async () => {
    const m = await mirror();
    const [first, second] = m.tasks;
    const a = pulledAnnotation(m, first!.local, 601, 'a');
    pulledAnnotation(m, second!.local, 602, 'b');
    const action = (id: string, included: number[]) =>
      call(m.t, 'POST', `/api/dm/actions/?project=${m.project}&id=${id}`, {
        selectedItems: { all: false, included },
      });
    expect((await action('delete_tasks_annotations', [first!.local])).status).toBe(200);
    expect((await call(m.t, 'DELETE', `/api/tasks/${second!.local}/`)).status).toBe(204);
    const rows = outbox(m.t);
    expect(rows.map((row) => [row.kind, row.remote_annotation_id, row.task])).toEqual([
      ['annotation_delete', 601, first!.local],
      ['annotation_delete', 602, second!.local],
    ]);
    expect(decodeDeleteRecord(rows[0].base)?.importId).toBe(a);
  });

  it('writes nothing for a project that is not a mirror, nor for repo-level writes', async () => {
    const m = await mirror();
    const other = (await call(m.t, 'POST', '/api/projects/', { label_config: IMAGE_CONFIG })).body.id as number;
    const task = (await call(m.t, 'POST', '/api/tasks/', { project: other, data: { image: 'https://e/z.png' } })).body
      .id as number;
    const made = await call(m.t, 'POST', `/api/tasks/${task}/annotations/`, { result: label('a') });
    await call(m.t, 'PATCH', `/api/annotations/${made.body.id}/`, { result: label('b') });
    await call(m.t, 'DELETE', `/api/annotations/${made.body.id}/`);
    pulledAnnotation(m, m.tasks[0]!.local, 700, 'a');
    expect(outbox(m.t)).toEqual([]);
  });

  it('commits a change and its row together: when the row cannot be written, the change is rolled back', async () => {
    const m = await mirror();
    const task = m.tasks[0]!.local;
    const pulled = pulledAnnotation(m, task, 800, 'a');
    m.t.db.exec(
      "CREATE TEMP TRIGGER refuse_outbox BEFORE INSERT ON sync_outbox BEGIN SELECT RAISE(ABORT, 'outbox refused'); END",
    );
    expect((await call(m.t, 'POST', `/api/tasks/${task}/annotations/`, { result: label('b') })).status).toBe(500);
    expect((await call(m.t, 'PATCH', `/api/annotations/${pulled}/`, { result: label('b') })).status).toBe(500);
    expect((await call(m.t, 'DELETE', `/api/annotations/${pulled}/`)).status).toBe(500);
    m.t.db.exec('DROP TRIGGER refuse_outbox');
    const annotations = m.t.db.prepare('SELECT id, result FROM annotations').all() as { id: number; result: string }[];
    expect(annotations).toEqual([{ id: pulled, result: JSON.stringify(label('a')) }]);
    expect(outbox(m.t)).toEqual([]);
  });
});

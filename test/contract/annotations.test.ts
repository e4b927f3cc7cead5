import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getLabelingTask } from '../../renderer/src/api/labeling.js';
import { annotationSchema, draftSchema } from '../../shared/api/annotations.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import {
  call,
  choices,
  createTask,
  insertOtherUser,
  taskState,
  type TestApp,
  appWithTask,
} from '../helpers/taskApi.js';

const T0 = '2026-01-15T10:00:00.000000Z';
const T1 = '2026-01-15T10:01:00.000000Z';
const UUID = '6f1c2b3a-0d4e-4f5a-9b8c-7d6e5f4a3b2c';

const setup = appWithTask;

async function annotate(t: TestApp, task: number, body: Record<string, unknown>, query = '') {
  return call(t, 'POST', `/api/tasks/${task}/annotations/${query}`, body);
}

describe('POST /api/tasks/{id}/annotations/', () => {
  it('returns the AnnotationSerializer object, every field in order, unique_id write-only', async () => {
    const { t, project, task } = await setup();
    t.advanceSeconds(60);
    const { status, body } = await annotate(t, task, { result: choices('pos'), lead_time: 34.56, unique_id: UUID });
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual([
      'id',
      'result',
      'created_username',
      'created_ago',
      'completed_by',
      'was_cancelled',
      'ground_truth',
      'created_at',
      'updated_at',
      'draft_created_at',
      'lead_time',
      'import_id',
      'last_action',
      'bulk_created',
      'task',
      'project',
      'updated_by',
      'parent_prediction',
      'parent_annotation',
      'last_created_by',
    ]);
    // Strictly the shared wire shape; the task GET nests it with the author expanded, and the drafts.
    expect(annotationSchema.parse(body)).toEqual(body);
    await call(t, 'POST', `/api/tasks/${task}/drafts`, { result: choices('neg') });
    const opened = (await call(t, 'GET', `/api/tasks/${task}/`)).body as { annotations: unknown; drafts: unknown };
    const annotations = z.array(annotationSchema).parse(opened.annotations);
    expect(annotations[0]!.completed_by).toMatchObject({ id: t.userId, email: 'annotator@outpost.local' });
    expect(z.array(draftSchema).parse(opened.drafts)).toHaveLength(1);
    const forLabeling = await getLabelingTask(rendererClient(t), task);
    expect([forLabeling.annotations, forLabeling.drafts]).toEqual([opened.annotations, opened.drafts]);
    expect(body).toEqual({
      id: body.id,
      result: choices('pos'),
      created_username: ` annotator@outpost.local, ${t.userId}`,
      created_ago: '0\u00a0minutes',
      completed_by: t.userId,
      was_cancelled: false,
      ground_truth: false,
      created_at: T1,
      updated_at: T1,
      draft_created_at: null,
      lead_time: 34.56,
      import_id: null,
      last_action: null,
      bulk_created: false,
      task,
      project,
      updated_by: t.userId,
      parent_prediction: null,
      parent_annotation: null,
      last_created_by: null,
    });
    const stored = t.db.prepare('SELECT unique_id FROM annotations WHERE id = ?').get(body.id) as { unique_id: string };
    expect(stored.unique_id).toBe(UUID);
  });

  it('refreshes the task counters and bumps updated_at and updated_by in the same write', async () => {
    const { t, task } = await setup();
    expect(taskState(t, task)).toEqual({
      total_annotations: 0,
      cancelled_annotations: 0,
      total_predictions: 0,
      is_labeled: 0,
      updated_at: T0,
      updated_by: null,
    });
    t.advanceSeconds(60);
    await annotate(t, task, { result: choices('pos') });
    expect(taskState(t, task)).toEqual({
      total_annotations: 1,
      cancelled_annotations: 0,
      total_predictions: 0,
      is_labeled: 1,
      updated_at: T1,
      updated_by: t.userId,
    });
  });

  it('parses a result given as a JSON string, and refuses anything but a list', async () => {
    const { t, task } = await setup();
    const parsed = await annotate(t, task, { result: JSON.stringify(choices('neg')) });
    expect(parsed.status).toBe(201);
    expect(parsed.body.result).toEqual(choices('neg'));
    await expectEnvelope((await annotate(t, task, { result: { a: 1 } })).response, 400, 'Validation error', {
      result: ['annotation "result" field in annotation must be list'],
    });
    await expectEnvelope((await annotate(t, task, { result: '{"a":1}' })).response, 400, 'Validation error', {
      result: ['annotation "result" field in annotation must be list'],
    });
    await expectEnvelope((await annotate(t, task, { result: 'not json' })).response, 400, 'Validation error', {
      result: ['annotation "result" can\'t be parse from str to JSON'],
    });
  });

  it('stores a JSON null result when none is given, which does not label the task', async () => {
    const { t, task } = await setup();
    const { body } = await annotate(t, task, {});
    expect(body.result).toBeNull();
    expect(taskState(t, task)).toMatchObject({ total_annotations: 1, is_labeled: 0 });
  });

  it('accepts form bodies (result as JSON text, numbers as strings)', async () => {
    const { t, task } = await setup();
    const form = new URLSearchParams({
      result: JSON.stringify(choices('pos')),
      lead_time: '2.5',
      ground_truth: 'true',
    });
    const response = await t.withToken(`/api/tasks/${task}/annotations`, {
      method: 'POST',
      body: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ result: choices('pos'), lead_time: 2.5, ground_truth: true });
  });

  it('checks writable fields with DRF messages', async () => {
    const { t, task } = await setup();
    await expectEnvelope(
      (await annotate(t, task, { completed_by: 999, lead_time: 'slow', last_action: 'nope' })).response,
      400,
      'Validation error',
      {
        completed_by: ['Invalid pk "999" - object does not exist.'],
        lead_time: ['A valid number is required.'],
        last_action: ['"nope" is not a valid choice.'],
      },
    );
  });

  it('takes completed_by, import_id and provenance from the body', async () => {
    const { t, task } = await setup();
    const other = insertOtherUser(t);
    const { body } = await annotate(t, task, {
      result: [],
      completed_by: other,
      import_id: 77,
      last_action: 'submitted',
      bulk_created: true,
    });
    expect(body).toMatchObject({
      completed_by: other,
      created_username: ` other@example.com, ${other}`,
      import_id: 77,
      last_action: 'submitted',
      bulk_created: true,
      updated_by: t.userId,
    });
  });

  it('is a 404 envelope for an unknown task', async () => {
    const { t } = await setup();
    await expectEnvelope((await annotate(t, 999, { result: [] })).response, 404, 'No Task matches the given query.');
  });
});

describe('skipping', () => {
  it('?was_cancelled=1 skips: cancelled counter, not labeled, hidden from the task annotation list', async () => {
    const { t, project, task } = await setup();
    t.advanceSeconds(60);
    const skipped = await annotate(t, task, { result: [] }, '?was_cancelled=1');
    expect(skipped.status).toBe(201);
    expect(skipped.body.was_cancelled).toBe(true);
    expect(taskState(t, task)).toEqual({
      total_annotations: 0,
      cancelled_annotations: 1,
      total_predictions: 0,
      is_labeled: 0,
      updated_at: T1,
      updated_by: t.userId,
    });
    const kept = await annotate(t, task, { result: choices('pos') });
    const list = await call(t, 'GET', `/api/tasks/${task}/annotations/`);
    expect(list.status).toBe(200);
    expect(list.body.map((item: { id: number }) => item.id)).toEqual([kept.body.id]);
    // The old task list (TaskSimpleSerializer) shows skipped annotations.
    const tasks = await call(t, 'GET', `/api/projects/${project}/tasks/`);
    expect(tasks.body[0].annotations.map((item: { id: number }) => item.id)).toEqual([skipped.body.id, kept.body.id]);
  });

  it('the query value wins over the body, and a bad query value is a field error', async () => {
    const { t, task } = await setup();
    expect((await annotate(t, task, { was_cancelled: true }, '?was_cancelled=false')).body.was_cancelled).toBe(false);
    await expectEnvelope((await annotate(t, task, {}, '?was_cancelled=maybe')).response, 400, 'Validation error', {
      was_cancelled: ['Incorrect bool value "maybe". It should be one of [1, 0, true, false, yes, no]'],
    });
  });

  it('refuses to skip a task with allow_skip=false, in the body or the query', async () => {
    const { t, task } = await setup();
    await call(t, 'PATCH', `/api/tasks/${task}/`, { allow_skip: false });
    for (const [body, query] of [
      [{ was_cancelled: true }, ''],
      [{}, '?was_cancelled=1'],
    ] as const) {
      await expectEnvelope((await annotate(t, task, body, query)).response, 400, 'Validation error', {
        detail: ['This task cannot be skipped.'],
      });
    }
    expect(taskState(t, task).cancelled_annotations).toBe(0);
    expect((await annotate(t, task, { result: choices('pos') })).status).toBe(201);
  });
});

describe('unique_id', () => {
  it('a duplicate is a 409 and writes nothing', async () => {
    const { t, task } = await setup();
    expect((await annotate(t, task, { result: [], unique_id: UUID })).status).toBe(201);
    const again = await annotate(t, task, { result: [], unique_id: UUID.toUpperCase() });
    await expectEnvelope(again.response, 409, 'Annotation with this unique id already exists');
    expect(taskState(t, task).total_annotations).toBe(1);
  });

  it('must be a UUID; a new one is generated when absent', async () => {
    const { t, task } = await setup();
    await expectEnvelope((await annotate(t, task, { unique_id: 'abc' })).response, 400, 'Validation error', {
      unique_id: ['“abc” is not a valid UUID.'],
    });
    const { body } = await annotate(t, task, {});
    const row = t.db.prepare('SELECT unique_id FROM annotations WHERE id = ?').get(body.id) as { unique_id: string };
    expect(row.unique_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('draft_id', () => {
  it('deletes the draft and keeps its creation time', async () => {
    const { t, task } = await setup();
    const draft = await call(t, 'POST', `/api/tasks/${task}/drafts`, { result: choices('pos'), lead_time: 1 });
    t.advanceSeconds(60);
    const { status, body } = await annotate(t, task, { result: choices('pos'), draft_id: draft.body.id });
    expect(status).toBe(201);
    expect(body.draft_created_at).toBe(T0);
    expect((await call(t, 'GET', `/api/drafts/${draft.body.id}/`)).status).toBe(404);
  });

  it("is a 403 for another task's or another user's draft, and the draft stays", async () => {
    const { t, project, task } = await setup();
    const otherTask = await createTask(t, project, { text: 'two' });
    const draft = await call(t, 'POST', `/api/tasks/${otherTask}/drafts`, { result: [] });
    const wrongTask = await annotate(t, task, { result: [], draft_id: draft.body.id });
    await expectEnvelope(wrongTask.response, 403, `You have no permission to draft id:${draft.body.id}`);
    const other = insertOtherUser(t);
    t.db.prepare('UPDATE drafts SET user = ?, task = ? WHERE id = ?').run(other, task, draft.body.id);
    const wrongUser = await annotate(t, task, { result: [], draft_id: draft.body.id });
    await expectEnvelope(wrongUser.response, 403, `You have no permission to draft id:${draft.body.id}`);
    expect(taskState(t, task).total_annotations).toBe(0);
  });
});

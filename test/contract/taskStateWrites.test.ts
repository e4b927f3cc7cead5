import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { appWithTask, call, choices, taskState } from '../helpers/taskApi.js';

/*
 * A task's own state (overlap, is_labeled and its counters) written through the task API, as
 * Label Studio 1.22's task serializer lets a client write every model field: stored as given, on
 * create and on PATCH, and counted again only when one of the task's annotations changes.
 */

const overlapOf = (t: Awaited<ReturnType<typeof appWithTask>>['t'], task: number) =>
  t.db.prepare('SELECT overlap FROM tasks WHERE id = ?').pluck().get(task);

describe("a task's state written through the API", () => {
  it('is stored as given by PATCH, with nothing recounted', async () => {
    const { t, task } = await appWithTask();
    await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    const patched = await call(t, 'PATCH', `/api/tasks/${task}/`, { overlap: 3 });
    expect(patched.status).toBe(200);
    // One annotation of three wanted, and still labeled: Label Studio does not recount on save.
    expect(patched.body).toMatchObject({ overlap: 3, is_labeled: true, total_annotations: 1 });
    expect(overlapOf(t, task)).toBe(3);
    const counters = {
      is_labeled: false,
      total_annotations: 7,
      cancelled_annotations: 2,
      total_predictions: 4,
      comment_count: 1,
      unresolved_comment_count: 1,
    };
    expect((await call(t, 'PATCH', `/api/tasks/${task}/`, counters)).body).toMatchObject(counters);
    expect(taskState(t, task)).toMatchObject({ total_annotations: 7, cancelled_annotations: 2, is_labeled: 0 });
  });

  it('is counted again when an annotation of the task changes', async () => {
    const { t, task } = await appWithTask();
    await call(t, 'PATCH', `/api/tasks/${task}/`, { total_annotations: 7, is_labeled: true, overlap: 2 });
    await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    // One of the two annotations its overlap asks for.
    expect(taskState(t, task)).toMatchObject({ total_annotations: 1, is_labeled: 0 });
    expect(overlapOf(t, task)).toBe(2);
  });

  it('is stored as given when the task is created', async () => {
    const { t, project } = await appWithTask();
    const created = await call(t, 'POST', '/api/tasks/', {
      project,
      data: { text: 'states' },
      overlap: 3,
      is_labeled: true,
      total_annotations: 2,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ overlap: 3, is_labeled: true, total_annotations: 2 });
  });

  it("refuses what is not its field's type, in Label Studio's words and field order, writing nothing", async () => {
    const { t, task } = await appWithTask();
    const refused = await call(t, 'PATCH', `/api/tasks/${task}/`, { overlap: 'many', is_labeled: 3, meta: { a: 1 } });
    const body = await expectEnvelope(refused.response, 400, 'Validation error', {
      is_labeled: ['Must be a valid boolean.'],
      overlap: ['A valid integer is required.'],
    });
    expect(Object.keys(body.validation_errors as object)).toEqual(['is_labeled', 'overlap']);
    await expectEnvelope(
      (await call(t, 'PATCH', `/api/tasks/${task}/`, { overlap: null })).response,
      400,
      'Validation error',
      {
        overlap: ['This field may not be null.'],
      },
    );
    expect(overlapOf(t, task)).toBe(1);
    expect((await call(t, 'GET', `/api/tasks/${task}/`)).body.meta).toEqual({});
  });
});

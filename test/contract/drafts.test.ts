import { describe, expect, it } from 'vitest';
import { draftSchema } from '../../shared/api/annotations.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { call, choices, createTask, insertOtherUser, taskState, appWithTask } from '../helpers/taskApi.js';

const T0 = '2026-01-15T10:00:00.000000Z';
const T1 = '2026-01-15T10:01:00.000000Z';

const setup = appWithTask;

describe('/api/tasks/{id}/drafts', () => {
  it('POST creates the caller draft (201) in AnnotationDraftSerializer order; the task is not bumped', async () => {
    const { t, task } = await setup();
    t.advanceSeconds(60);
    const { status, body } = await call(t, 'POST', `/api/tasks/${task}/drafts`, {
      result: choices('pos'),
      lead_time: 12.34,
    });
    expect(status).toBe(201);
    // Strictly the shared wire shape.
    expect(draftSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      id: body.id,
      user: 'annotator@outpost.local',
      created_username: `annotator@outpost.local, ${t.userId}`,
      created_ago: '0\u00a0minutes',
      result: choices('pos'),
      lead_time: 12.34,
      was_postponed: false,
      import_id: null,
      created_at: T1,
      updated_at: T1,
      task,
      annotation: null,
    });
    expect(Object.keys(body)).toEqual([
      'id',
      'user',
      'created_username',
      'created_ago',
      'result',
      'lead_time',
      'was_postponed',
      'import_id',
      'created_at',
      'updated_at',
      'task',
      'annotation',
    ]);
    expect(taskState(t, task)).toMatchObject({ updated_at: T0, updated_by: null });
  });

  it('GET lists only the caller drafts of that task', async () => {
    const { t, project, task } = await setup();
    const otherTask = await createTask(t, project, { text: 'x' });
    const mine = (await call(t, 'POST', `/api/tasks/${task}/drafts`, { result: [] })).body.id;
    await call(t, 'POST', `/api/tasks/${otherTask}/drafts`, { result: [] });
    const other = insertOtherUser(t);
    t.db
      .prepare(
        "INSERT INTO drafts (task, project, user, result, created_at, updated_at) VALUES (?, ?, ?, '[]', 'x', 'x')",
      )
      .run(task, project, other);
    const { status, body } = await call(t, 'GET', `/api/tasks/${task}/drafts`);
    expect(status).toBe(200);
    expect(body.map((draft: unknown) => draftSchema.parse(draft).id)).toEqual([mine]);
    expect((await call(t, 'GET', '/api/tasks/999/drafts')).body).toEqual([]);
  });

  it('POST requires a result and an existing task', async () => {
    const { t, task } = await setup();
    await expectEnvelope(
      (await call(t, 'POST', `/api/tasks/${task}/drafts`, { lead_time: 1 })).response,
      400,
      'Validation error',
      {
        result: ['This field is required.'],
      },
    );
    await expectEnvelope(
      (await call(t, 'POST', '/api/tasks/999/drafts', { result: [] })).response,
      404,
      'No Task matches the given query.',
    );
  });
});

describe('/api/tasks/{id}/annotations/{annotation_id}/drafts', () => {
  it('attaches the draft to an annotation of that task', async () => {
    const { t, project, task } = await setup();
    const annotation = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') })).body.id;
    const { status, body } = await call(t, 'POST', `/api/tasks/${task}/annotations/${annotation}/drafts`, {
      result: choices('neg'),
      lead_time: 56.78,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ annotation, task, result: choices('neg'), lead_time: 56.78 });
    const elsewhere = await createTask(t, project, { text: 'other' });
    await expectEnvelope(
      (await call(t, 'POST', `/api/tasks/${elsewhere}/annotations/${annotation}/drafts`, { result: [] })).response,
      404,
      'No Annotation matches the given query.',
    );
  });
});

describe('/api/drafts/{id}/', () => {
  it('GET, PATCH and DELETE the caller draft', async () => {
    const { t, task } = await setup();
    const created = (await call(t, 'POST', `/api/tasks/${task}/drafts`, { result: choices('pos'), lead_time: 1 })).body;
    expect((await call(t, 'GET', `/api/drafts/${created.id}`)).body).toEqual(created);
    t.advanceSeconds(60);
    const patched = await call(t, 'PATCH', `/api/drafts/${created.id}`, {
      result: choices('neg'),
      was_postponed: true,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ result: choices('neg'), lead_time: 1, was_postponed: true, updated_at: T1 });
    const response = await t.withToken(`/api/drafts/${created.id}/`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    await expectEnvelope(
      (await call(t, 'GET', `/api/drafts/${created.id}/`)).response,
      404,
      'No AnnotationDraft matches the given query.',
    );
  });

  it("another user's draft is a 403 for every method", async () => {
    const { t, project, task } = await setup();
    const other = insertOtherUser(t);
    const id = Number(
      t.db
        .prepare(
          "INSERT INTO drafts (task, project, user, result, created_at, updated_at) VALUES (?, ?, ?, '[]', 'x', 'x')",
        )
        .run(task, project, other).lastInsertRowid,
    );
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { result: [] };
      await expectEnvelope(
        (await call(t, method, `/api/drafts/${id}/`, body)).response,
        403,
        'You do not have permission to perform this action.',
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createTask as createTaskUseCase } from '../../electron/core/domain/tasks/createTask.js';
import { ValidationError } from '../../electron/core/domain/errors.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows } from '../helpers/projectData.js';
import { call, choices, createTask, insertOtherUser, taskState, appWithTask } from '../helpers/taskApi.js';

const T0 = '2026-01-15T10:00:00.000000Z';
const T1 = '2026-01-15T10:01:00.000000Z';

const BASE_TASK_KEYS = [
  'id',
  'data',
  'meta',
  'created_at',
  'updated_at',
  'is_labeled',
  'overlap',
  'inner_id',
  'total_annotations',
  'cancelled_annotations',
  'total_predictions',
  'comment_count',
  'unresolved_comment_count',
  'last_comment_updated_at',
  'project',
  'updated_by',
  'file_upload',
  'comment_authors',
  'allow_skip',
];

const setup = appWithTask;

describe('GET /api/tasks/{id}/', () => {
  it('shows every annotation, skipped ones too, with completed_by expanded, and only the caller drafts', async () => {
    const { t, task } = await setup();
    const kept = await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    const skipped = await call(t, 'POST', `/api/tasks/${task}/annotations/?was_cancelled=1`, { result: [] });
    const mine = await call(t, 'POST', `/api/tasks/${task}/drafts`, { result: [] });
    const other = insertOtherUser(t);
    t.db
      .prepare(
        "INSERT INTO drafts (task, project, user, result, created_at, updated_at) VALUES (?, 1, ?, '[]', 'x', 'x')",
      )
      .run(task, other);
    const { status, body } = await call(t, 'GET', `/api/tasks/${task}/`);
    expect(status).toBe(200);
    expect(body.annotations.map((item: { id: number }) => item.id)).toEqual([kept.body.id, skipped.body.id]);
    expect(body.annotations[0].completed_by).toEqual({
      id: t.userId,
      first_name: '',
      last_name: '',
      avatar: null,
      email: 'annotator@outpost.local',
      initials: 'an',
    });
    expect(body.drafts.map((item: { id: number }) => item.id)).toEqual([mine.body.id]);
  });

  it('is the 404 envelope for an unknown id, and Django HTML 404 for a non-numeric one', async () => {
    const { t } = await setup();
    await expectEnvelope((await call(t, 'GET', '/api/tasks/999/')).response, 404, 'No Task matches the given query.');
    const response = await t.withToken('/api/tasks/abc/');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});

describe('PATCH /api/tasks/{id}/', () => {
  it('returns the TaskSimpleSerializer shape and skips label-config validation', async () => {
    const { t, project, task } = await setup();
    await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    await call(t, 'POST', '/api/predictions/', { task, result: choices('neg') });
    t.advanceSeconds(60);
    const { status, body } = await call(t, 'PATCH', `/api/tasks/${task}/`, {
      data: { other: 1 },
      meta: { source: 'patch' },
      allow_skip: false,
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([...BASE_TASK_KEYS, 'annotations', 'predictions']);
    expect(body).toMatchObject({
      id: task,
      data: { other: 1 },
      meta: { source: 'patch' },
      allow_skip: false,
      project,
      created_at: T0,
      updated_at: T1,
      updated_by: t.userId,
      total_annotations: 1,
      total_predictions: 1,
      is_labeled: true,
      file_upload: null,
    });
    expect(body.annotations).toHaveLength(1);
    expect(body.annotations[0].completed_by).toBe(t.userId);
    expect(body.predictions).toHaveLength(1);
  });

  it('keeps updated_by, bumps updated_at, and PUT requires data', async () => {
    const { t, task } = await setup();
    t.advanceSeconds(60);
    await call(t, 'PATCH', `/api/tasks/${task}/`, { meta: { a: 1 } });
    expect(taskState(t, task)).toMatchObject({ updated_at: T1, updated_by: null });
    await expectEnvelope(
      (await call(t, 'PUT', `/api/tasks/${task}/`, { meta: {} })).response,
      400,
      'Validation error',
      {
        data: ['This field is required.'],
      },
    );
    await expectEnvelope(
      (await call(t, 'PATCH', `/api/tasks/${task}/`, { data: null })).response,
      400,
      'Validation error',
      {
        data: ['This field may not be null.'],
      },
    );
    expect((await call(t, 'PUT', `/api/tasks/${task}/`, { data: { text: 'put' } })).body.data).toEqual({ text: 'put' });
  });

  it('is a 404 envelope for an unknown task', async () => {
    const { t } = await setup();
    await expectEnvelope(
      (await call(t, 'PATCH', '/api/tasks/999/', {})).response,
      404,
      'No Task matches the given query.',
    );
  });
});

describe('DELETE /api/tasks/{id}/', () => {
  it('is a 204 that removes the task with its annotations, predictions and drafts', async () => {
    const { t, project, task } = await setup();
    const neighbour = await createTask(t, project, { text: 'stay' });
    await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: [] });
    await call(t, 'POST', '/api/predictions/', { task, result: [] });
    await call(t, 'POST', `/api/tasks/${task}/drafts`, { result: [] });
    const response = await t.withToken(`/api/tasks/${task}/`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(countRows(t.db, 'tasks')).toBe(1);
    expect(countRows(t.db, 'annotations') + countRows(t.db, 'predictions') + countRows(t.db, 'drafts')).toBe(0);
    expect((await call(t, 'GET', `/api/tasks/${neighbour}/`)).status).toBe(200);
    await expectEnvelope(
      (await call(t, 'DELETE', `/api/tasks/${task}/`)).response,
      404,
      'No Task matches the given query.',
    );
  });
});

describe('createTask (POST /api/tasks/)', () => {
  it('returns the 201 BaseTaskSerializer object', async () => {
    const { t, project } = await setup();
    t.advanceSeconds(60);
    const body = createTaskUseCase(t.deps, t.userId, { project, data: { text: 'Test text' } });
    expect(Object.keys(body)).toEqual(BASE_TASK_KEYS);
    expect(body).toEqual({
      id: body.id,
      data: { text: 'Test text' },
      meta: {},
      created_at: T1,
      updated_at: T1,
      is_labeled: false,
      overlap: 1,
      // The setup's task was the first (inner_id 2, as Label Studio's Task.save numbers it).
      inner_id: 3,
      total_annotations: 0,
      cancelled_annotations: 0,
      total_predictions: 0,
      comment_count: 0,
      unresolved_comment_count: 0,
      last_comment_updated_at: null,
      project,
      updated_by: null,
      file_upload: null,
      comment_authors: [],
      allow_skip: true,
    });
  });

  it('requires a project: field errors first, then {"project": ["This field is required."]}', async () => {
    const { t } = await setup();
    const errorOf = (body: Record<string, unknown>) => {
      try {
        createTaskUseCase(t.deps, t.userId, body);
      } catch (error) {
        return (error as ValidationError).validationErrors;
      }
      return null;
    };
    expect(errorOf({ data: { text: 'x' } })).toEqual({ project: ['This field is required.'] });
    expect(errorOf({})).toEqual({ data: ['This field is required.'] });
    expect(() => createTaskUseCase(t.deps, t.userId, { project: 999, data: {} })).toThrow(
      'No Project matches the given query.',
    );
  });

  it('checks data against the project data types, renames $undefined$, and leaves overlap at 1', async () => {
    const { t, project } = await setup();
    await call(t, 'PATCH', `/api/projects/${project}/`, { maximum_annotations: 3 });
    expect(() => createTaskUseCase(t.deps, t.userId, { project, data: { foo: 'bar' } })).toThrow(ValidationError);
    try {
      createTaskUseCase(t.deps, t.userId, { project, data: { foo: 'bar' } });
    } catch (error) {
      expect((error as ValidationError).validationErrors).toEqual({
        non_field_errors: ['"text" key is expected in task data [assume: item["data"] = task root with values]'],
      });
    }
    const created = createTaskUseCase(t.deps, t.userId, { project: String(project), data: { $undefined$: 'u' } });
    // Label Studio gives a task created alone the default overlap, whatever maximum_annotations is.
    expect(created).toMatchObject({ data: { text: 'u' }, overlap: 1 });
  });
});

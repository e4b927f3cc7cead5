import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { call, choices, createProject, insertOtherUser, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

async function stream(projectBody: Record<string, unknown> = {}, taskCount = 3) {
  const t = await createTestApp();
  const project = await createProject(t, projectBody);
  // Imported, so that each task's overlap is the project's maximum_annotations (a task created
  // alone gets overlap 1, as in Label Studio).
  const imported = await call(
    t,
    'POST',
    `/api/projects/${project}/import?return_task_ids=true`,
    Array.from({ length: taskCount }, (_, index) => ({ text: `t${index}` })),
  );
  const tasks = imported.body.task_ids as number[];
  return { t, project, tasks };
}

async function next(t: TestApp, project: number) {
  return call(t, 'GET', `/api/projects/${project}/next/`);
}

async function annotate(t: TestApp, task: number, body: Record<string, unknown> = {}, query = '') {
  return call(t, 'POST', `/api/tasks/${task}/annotations/${query}`, { result: choices('pos'), ...body });
}

describe('GET /api/projects/{id}/next/ (the label stream)', () => {
  it('Sequential sampling: the first open task by id, locked for the caller, in NextTaskSerializer shape', async () => {
    const { t, project, tasks } = await stream();
    const { status, body } = await next(t, project);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([
      'id',
      'predictions',
      'annotations',
      'drafts',
      'updated_by',
      'unique_lock_id',
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
      'file_upload',
      'comment_authors',
      'allow_skip',
      'queue',
    ]);
    expect(body).toMatchObject({ id: tasks[0], annotations: [], drafts: [], updated_by: [], queue: 'Sequence queue' });
    const lock = t.db.prepare('SELECT unique_id, expire_at FROM task_locks WHERE task = ?').get(tasks[0]) as {
      unique_id: string;
      expire_at: string;
    };
    expect(body.unique_lock_id).toBe(lock.unique_id);
    expect(lock.expire_at).toBe('2026-01-16T10:00:00.000000Z');
    // Asking again returns the task the caller holds.
    expect((await next(t, project)).body).toMatchObject({
      id: tasks[0],
      queue: 'Task lock',
      unique_lock_id: lock.unique_id,
    });
  });

  it('moves on once the caller annotates, releasing the lock; 404 when nothing is left', async () => {
    const { t, project, tasks } = await stream({}, 2);
    await next(t, project);
    await annotate(t, tasks[0]!);
    expect(t.db.prepare('SELECT count(*) AS n FROM task_locks').get()).toEqual({ n: 0 });
    expect((await next(t, project)).body.id).toBe(tasks[1]);
    await annotate(t, tasks[1]!);
    await expectEnvelope((await next(t, project)).response, 404, 'There are no tasks for annotator@outpost.local');
    await expectEnvelope(
      (await call(t, 'GET', '/api/projects/999/next/')).response,
      404,
      'No Project matches the given query.',
    );
  });

  it('returns the caller drafts, prelabeling predictions and updated_by as a list', async () => {
    const { t, project, tasks } = await stream({}, 1);
    const draft = (await call(t, 'POST', `/api/tasks/${tasks[0]}/drafts`, { result: [] })).body;
    const prediction = (await call(t, 'POST', '/api/predictions/', { task: tasks[0], result: choices('neg') })).body;
    const { body } = await next(t, project);
    expect(body.drafts).toEqual([draft]);
    expect(body.predictions).toEqual([prediction]);
    expect(body.updated_by).toEqual([{ user_id: t.userId }]);
    await call(t, 'PATCH', `/api/projects/${project}/`, { show_collab_predictions: false });
    expect((await next(t, project)).body.predictions).toEqual([]);
  });

  it('Uniform sampling: one of the open tasks', async () => {
    const { t, project, tasks } = await stream({ sampling: 'Uniform sampling' });
    await annotate(t, tasks[1]!);
    const { body } = await next(t, project);
    expect([tasks[0], tasks[2]]).toContain(body.id);
    expect(body.queue).toBe('Uniform random queue');
  });

  it('Uncertainty sampling: the lowest-scored prediction of the project model version first', async () => {
    const { t, project, tasks } = await stream({ sampling: 'Uncertainty sampling' });
    const predict = (task: number, score: number, model_version: string) =>
      call(t, 'POST', '/api/predictions/', { task, project, result: [], score, model_version });
    await predict(tasks[0]!, 0.9, 'v1');
    await predict(tasks[1]!, 0.2, 'v1');
    await predict(tasks[2]!, 0.1, 'v0');
    expect((await call(t, 'PATCH', `/api/projects/${project}/`, { model_version: 'v1' })).status).toBe(200);
    expect((await next(t, project)).body).toMatchObject({ id: tasks[1], queue: 'Active learning or random queue' });
  });

  it('skips tasks another user holds a live lock on', async () => {
    const { t, project, tasks } = await stream();
    const other = insertOtherUser(t);
    t.db
      .prepare(
        "INSERT INTO task_locks (task, user, unique_id, expire_at) VALUES (?, ?, 'u1', '2026-01-15T11:00:00.000000Z')",
      )
      .run(tasks[0], other);
    expect((await next(t, project)).body.id).toBe(tasks[1]);
    // An expired lock does not count.
    t.db.prepare("UPDATE task_locks SET expire_at = '2026-01-15T09:00:00.000000Z' WHERE user = ?").run(other);
    t.db.prepare('DELETE FROM task_locks WHERE user = ?').run(t.userId);
    expect((await next(t, project)).body.id).toBe(tasks[0]);
  });

  it('postponed drafts wait until nothing else is left', async () => {
    const { t, project, tasks } = await stream({}, 2);
    await call(t, 'POST', `/api/tasks/${tasks[0]}/drafts`, { result: [], was_postponed: true });
    expect((await next(t, project)).body.id).toBe(tasks[1]);
    await annotate(t, tasks[1]!);
    expect((await next(t, project)).body).toMatchObject({ id: tasks[0], queue: 'Postponed draft queue' });
  });
});

describe('skip_queue', () => {
  it('REQUEUE_FOR_ME: my skips come back to me last', async () => {
    const { t, project, tasks } = await stream({ skip_queue: 'REQUEUE_FOR_ME' }, 2);
    await annotate(t, tasks[0]!, {}, '?was_cancelled=1');
    expect((await next(t, project)).body.id).toBe(tasks[1]);
    await annotate(t, tasks[1]!);
    expect((await next(t, project)).body).toMatchObject({ id: tasks[0], queue: 'Skipped queue' });
  });

  it("REQUEUE_FOR_OTHERS: my skips never come back to me; another user's skip leaves the task open to me", async () => {
    const { t, project, tasks } = await stream({ skip_queue: 'REQUEUE_FOR_OTHERS' }, 2);
    const other = insertOtherUser(t);
    await annotate(t, tasks[0]!, { completed_by: other }, '?was_cancelled=1');
    expect((await next(t, project)).body.id).toBe(tasks[0]);
    await annotate(t, tasks[0]!, {}, '?was_cancelled=1');
    expect((await next(t, project)).body.id).toBe(tasks[1]);
    await annotate(t, tasks[1]!);
    await expectEnvelope((await next(t, project)).response, 404, 'There are no tasks for annotator@outpost.local');
  });

  it("REQUEUE_FOR_ME: another user's skip counts as an annotation, so the task is not offered", async () => {
    const { t, project, tasks } = await stream({ skip_queue: 'REQUEUE_FOR_ME' }, 2);
    const other = insertOtherUser(t);
    await annotate(t, tasks[0]!, { completed_by: other }, '?was_cancelled=1');
    expect((await next(t, project)).body.id).toBe(tasks[1]);
  });

  it('IGNORE_SKIPPED: a skip finishes the task for everyone', async () => {
    const { t, project, tasks } = await stream({ skip_queue: 'IGNORE_SKIPPED' }, 2);
    const other = insertOtherUser(t);
    const skipped = await annotate(t, tasks[0]!, { completed_by: other }, '?was_cancelled=1');
    expect((await call(t, 'GET', `/api/annotations/${skipped.body.id}`)).body.was_cancelled).toBe(true);
    expect((await next(t, project)).body.id).toBe(tasks[1]);
    await annotate(t, tasks[1]!, {}, '?was_cancelled=1');
    await expectEnvelope((await next(t, project)).response, 404, 'There are no tasks for annotator@outpost.local');
  });
});

describe('overlap and ground truth', () => {
  it('with maximum_annotations > 1, tasks other annotators started come first (breadth first)', async () => {
    const { t, project, tasks } = await stream({ maximum_annotations: 2 });
    const other = insertOtherUser(t);
    await annotate(t, tasks[2]!, { completed_by: other });
    expect((await next(t, project)).body).toMatchObject({ id: tasks[2], queue: 'Breadth first queue', overlap: 2 });
  });

  it('show_ground_truth_first picks tasks with a ground-truth annotation first', async () => {
    const { t, project, tasks } = await stream({ maximum_annotations: 2, show_ground_truth_first: true });
    const other = insertOtherUser(t);
    await annotate(t, tasks[1]!, { completed_by: other, ground_truth: true });
    expect((await next(t, project)).body).toMatchObject({ id: tasks[1], queue: 'Ground truth queue' });
  });

  it('show_ground_truth_first with no ground truth names only the queue that gave the task', async () => {
    const { t, project, tasks } = await stream({ show_ground_truth_first: true });
    expect((await next(t, project)).body).toMatchObject({ id: tasks[0], queue: 'Sequence queue' });
  });
});

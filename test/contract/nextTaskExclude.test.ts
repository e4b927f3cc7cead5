import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { call, choices, createProject, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * `GET /api/projects/{id}/next?exclude=`: an Outpost extension for preloading. The page asks for
 * the task after the one on screen while that one is still open and locked for the user.
 */

async function stream(projectBody: Record<string, unknown> = {}, taskCount = 4) {
  const t = await createTestApp();
  const project = await createProject(t, projectBody);
  const data = Array.from({ length: taskCount }, (_, index) => ({ text: `t${index}`, keep: index % 2 === 0 }));
  const imported = await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, data);
  return { t, project, tasks: imported.body.task_ids as number[] };
}

function next(t: TestApp, project: number, query = '') {
  return call(t, 'GET', `/api/projects/${project}/next/${query}`);
}

function annotate(t: TestApp, task: number, query = '') {
  return call(t, 'POST', `/api/tasks/${task}/annotations/${query}`, { result: choices('pos') });
}

function lockOf(t: TestApp, task: number, user: number) {
  const row = t.db.prepare('SELECT unique_id FROM task_locks WHERE task = ? AND user = ?').get(task, user) as
    { unique_id: string } | undefined;
  return row?.unique_id;
}

describe('GET /api/projects/{id}/next?exclude= (lookahead)', () => {
  it('passes over the task on screen and locks the next one; the next plain ask returns that one', async () => {
    const { t, project, tasks } = await stream();
    const onScreen = await next(t, project);
    expect(onScreen.body).toMatchObject({ id: tasks[0], queue: 'Sequence queue' });
    const ahead = await next(t, project, `?exclude=${tasks[0]}`);
    expect(ahead.body).toMatchObject({ id: tasks[1], queue: 'Sequence queue' });
    expect(ahead.body.unique_lock_id).toBe(lockOf(t, tasks[1]!, t.userId));
    // Both stay locked for the user: the one on screen was not released by looking ahead.
    expect(lockOf(t, tasks[0]!, t.userId)).toBe(onScreen.body.unique_lock_id);
    // Asking again with the same exclude returns the preloaded task, now through the lock step.
    expect((await next(t, project, `?exclude=${tasks[0]}`)).body).toMatchObject({ id: tasks[1], queue: 'Task lock' });

    expect((await annotate(t, tasks[0]!)).status).toBe(201);
    const after = await next(t, project);
    expect(after.body).toMatchObject({ id: tasks[1], queue: 'Task lock', unique_lock_id: ahead.body.unique_lock_id });
  });

  it('excludes several ids, tolerates spaces and ids of no task, and says there are none left', async () => {
    const { t, project, tasks } = await stream();
    const list = `${tasks[0]},%20${tasks[1]},${tasks[3]},999999`;
    expect((await next(t, project, `?exclude=${list}`)).body.id).toBe(tasks[2]);
    const all = tasks.join(',');
    await expectEnvelope(
      (await next(t, project, `?exclude=${all}`)).response,
      404,
      'There are no tasks for annotator@outpost.local',
    );
    // An empty list excludes nothing.
    expect((await next(t, project, '?exclude=')).body).toMatchObject({ id: tasks[2], queue: 'Task lock' });
  });

  it('works with a view: the view narrows, exclude passes over', async () => {
    const { t, project, tasks } = await stream({}, 6);
    const filters = {
      conjunction: 'and',
      items: [{ filter: 'filter:tasks:data.keep', operator: 'equal', type: 'Boolean', value: true }],
    };
    const view = (await call(t, 'POST', '/api/dm/views/', { project, data: { filters, ordering: ['-tasks:id'] } })).body
      .id as number;
    const first = await next(t, project, `?view=${view}`);
    expect(first.body.id).toBe(tasks[4]);
    expect((await next(t, project, `?view=${view}&exclude=${tasks[4]}`)).body.id).toBe(tasks[2]);
    expect((await next(t, project, `?view=${view}&exclude=${tasks[4]},${tasks[2]}`)).body.id).toBe(tasks[0]);
  });

  it('passes over excluded tasks in the postponed and skipped queues too', async () => {
    const { t, project, tasks } = await stream({ skip_queue: 'REQUEUE_FOR_ME' }, 3);
    await call(t, 'POST', `/api/tasks/${tasks[0]}/drafts`, { result: [], was_postponed: true });
    expect((await annotate(t, tasks[1]!, '?was_cancelled=1')).status).toBe(201);
    expect((await annotate(t, tasks[2]!)).status).toBe(201);
    expect((await next(t, project)).body).toMatchObject({ id: tasks[0], queue: 'Postponed draft queue' });
    expect((await next(t, project, `?exclude=${tasks[0]}`)).body).toMatchObject({
      id: tasks[1],
      queue: 'Skipped queue',
    });
    await expectEnvelope(
      (await next(t, project, `?exclude=${tasks[0]},${tasks[1]}`)).response,
      404,
      'There are no tasks for annotator@outpost.local',
    );
  });

  it('accepts 100 ids and refuses 101 or a malformed list with a 400 naming the parameter', async () => {
    const { t, project, tasks } = await stream();
    const hundred = Array.from({ length: 99 }, (_, index) => 1000 + index).concat(tasks[0]!);
    expect((await next(t, project, `?exclude=${hundred.join(',')}`)).body.id).toBe(tasks[1]);
    const tooMany = [...hundred, 5000].join(',');
    await expectEnvelope((await next(t, project, `?exclude=${tooMany}`)).response, 400, 'Validation error', {
      exclude: ['At most 100 task ids can be excluded, got 101.'],
    });
    for (const bad of ['abc', `${tasks[0]},,${tasks[1]}`, '-1', '1.5', '1,']) {
      const reply = await next(t, project, `?exclude=${encodeURIComponent(bad)}`);
      await expectEnvelope(reply.response, 400, 'Validation error', {
        exclude: [expect.stringContaining('is not a task id')],
      });
    }
  });
});

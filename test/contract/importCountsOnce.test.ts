import { describe, expect, it } from 'vitest';
import { call, choices, createProject, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * A large import adds to the project's task counters once instead of through the per-task
 * trigger (which it sets aside for the import's transaction). The counters must come out as a
 * recount says, and the trigger must be back, exactly as it was, after a success and a failure.
 */

const TRIGGER_SQL = "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'tasks_counters_insert'";

function counters(t: TestApp, project: number) {
  return t.db
    .prepare('SELECT task_number, finished_task_number FROM project_counters WHERE project = ?')
    .get(project) as { task_number: number; finished_task_number: number };
}

function recount(t: TestApp, project: number) {
  return t.db
    .prepare(
      'SELECT count(*) AS task_number, coalesce(sum(is_labeled = 1), 0) AS finished_task_number FROM tasks WHERE project = ?',
    )
    .get(project) as { task_number: number; finished_task_number: number };
}

/** 700 tasks, every seventh with an annotation (labeled, with maximum_annotations 1). */
const items = Array.from({ length: 700 }, (_, index) => ({
  data: { text: `task ${index}` },
  ...(index % 7 === 0 ? { annotations: [{ result: choices('pos') }] } : {}),
}));

describe('a large import counts its tasks once', () => {
  it('leaves the counters as a recount has them, and the trigger as it was', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const trigger = t.db.prepare(TRIGGER_SQL).pluck().get();
    const schemaVersion = () => t.db.pragma('schema_version', { simple: true }) as number;
    const before = schemaVersion();
    await call(t, 'POST', `/api/projects/${project}/import`, [{ text: 'small import, counted by the trigger' }]);
    expect(schemaVersion()).toBe(before);
    const imported = await call(t, 'POST', `/api/projects/${project}/import`, items);
    expect(imported.status).toBe(201);
    // The trigger was set aside for the large import (dropped and created again: two schema changes).
    expect(schemaVersion()).toBe(before + 2);
    expect(counters(t, project)).toEqual({ task_number: 701, finished_task_number: 100 });
    expect(counters(t, project)).toEqual(recount(t, project));
    expect(t.db.prepare(TRIGGER_SQL).pluck().get()).toBe(trigger);
    // The trigger counts again afterwards: a task created alone is counted.
    await call(t, 'POST', '/api/tasks/', { project, data: { text: 'after' } });
    expect(counters(t, project)).toEqual({ task_number: 702, finished_task_number: 100 });
    const answer = await call(t, 'GET', `/api/projects/${project}/`);
    expect([answer.body.task_number, answer.body.finished_task_number]).toEqual([702, 100]);
  });

  it('changes nothing when the import fails, the trigger included', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const trigger = t.db.prepare(TRIGGER_SQL).pluck().get();
    const broken = [...items, { data: { text: 'x' }, annotations: [{ result: choices('pos'), completed_by: 999 }] }];
    const failed = await call(t, 'POST', `/api/projects/${project}/import`, broken);
    expect(failed.status).toBe(400);
    expect(counters(t, project)).toEqual({ task_number: 0, finished_task_number: 0 });
    expect(t.db.prepare(TRIGGER_SQL).pluck().get()).toBe(trigger);
    await call(t, 'POST', '/api/tasks/', { project, data: { text: 'after' } });
    expect(counters(t, project)).toEqual({ task_number: 1, finished_task_number: 0 });
  });
});

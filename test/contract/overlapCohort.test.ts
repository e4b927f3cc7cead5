import { describe, expect, it } from 'vitest';
import { insertAnnotation } from '../helpers/projectData.js';
import { call, choices, createProject, insertOtherUser, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The overlap cohort (Label Studio's `_rearrange_overlap_cohort`): with overlap_cohort_percentage
 * below 100, that share of a project's tasks (rounded half up) has maximum_annotations as overlap
 * and the rest 1. Drawn anew after an import, a deletion and a change of the percentage; tasks
 * already full stay in it, then the most annotated, ties by id.
 */

async function importTasks(t: TestApp, project: number, count: number): Promise<number[]> {
  const data = Array.from({ length: count }, (_, index) => ({ text: `t${index}` }));
  const { status, body } = await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, data);
  expect(status).toBe(201);
  return body.task_ids as number[];
}

function overlaps(t: TestApp, project: number): number[] {
  return t.db.prepare('SELECT overlap FROM tasks WHERE project = ? ORDER BY id').pluck().all(project) as number[];
}

const cohort = (size: number, total: number) => Array.from({ length: total }, (_, index) => (index < size ? 2 : 1));

describe('the overlap cohort', () => {
  it('an import gives the first share of tasks the maximum, rounded half up, and the rest 1', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { maximum_annotations: 2, overlap_cohort_percentage: 50 });
    await importTasks(t, project, 20);
    expect(overlaps(t, project)).toEqual(cohort(10, 20));

    const other = await createProject(t, { maximum_annotations: 2, overlap_cohort_percentage: 25 });
    await importTasks(t, other, 10);
    // 2.5 rounds up to 3, as int(x + 0.5) does.
    expect(overlaps(t, other)).toEqual(cohort(3, 10));
  });

  it('at 100 %, or with a maximum of 1, every overlap stays what the import gave', async () => {
    const t = await createTestApp();
    const full = await createProject(t, { maximum_annotations: 2 });
    await importTasks(t, full, 4);
    expect(overlaps(t, full)).toEqual([2, 2, 2, 2]);
    const single = await createProject(t, { overlap_cohort_percentage: 50 });
    await importTasks(t, single, 4);
    expect(overlaps(t, single)).toEqual([1, 1, 1, 1]);
  });

  it('a new percentage keeps full tasks in the cohort, then takes the most annotated, and follows with is_labeled', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { maximum_annotations: 2 });
    const tasks = await importTasks(t, project, 10);
    const other = insertOtherUser(t);
    // The last task full (two people), the one before with one annotation, the third from last skipped.
    insertAnnotation(t.db, { task: tasks[9]!, project });
    insertAnnotation(t.db, { task: tasks[9]!, project, completed_by: other });
    insertAnnotation(t.db, { task: tasks[8]!, project });
    insertAnnotation(t.db, { task: tasks[7]!, project, was_cancelled: true });

    expect((await call(t, 'PATCH', `/api/projects/${project}/`, { overlap_cohort_percentage: 40 })).status).toBe(200);
    expect(overlaps(t, project)).toEqual([2, 1, 1, 1, 1, 1, 1, 2, 2, 2]);
    const labeled = t.db.prepare('SELECT is_labeled FROM tasks WHERE project = ? ORDER BY id').pluck().all(project);
    expect(labeled).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);

    // A new maximum alone moves only the cohort.
    expect((await call(t, 'PATCH', `/api/projects/${project}/`, { maximum_annotations: 3 })).status).toBe(200);
    expect(overlaps(t, project)).toEqual([3, 1, 1, 1, 1, 1, 1, 3, 3, 3]);
  });

  it('deleting a task, alone or by the Data Manager action, draws the cohort anew', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { maximum_annotations: 2, overlap_cohort_percentage: 50 });
    const tasks = await importTasks(t, project, 6);
    expect(overlaps(t, project)).toEqual(cohort(3, 6));
    expect((await call(t, 'DELETE', `/api/tasks/${tasks[0]}/`)).status).toBe(204);
    // Five tasks: 2.5 rounds to 3, the first three of those left.
    expect(overlaps(t, project)).toEqual(cohort(3, 5));
    const action = await call(t, 'POST', `/api/dm/actions/?id=delete_tasks&project=${project}`, {
      selectedItems: { all: false, included: [tasks[1], tasks[2]] },
    });
    expect(action.status).toBe(200);
    expect(overlaps(t, project)).toEqual(cohort(2, 3));
  });

  it('is_labeled counts people: a second annotation by the same person does not finish the task', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { maximum_annotations: 2 });
    const [task] = await importTasks(t, project, 1);
    const labeled = () => t.db.prepare('SELECT is_labeled FROM tasks WHERE id = ?').pluck().get(task);
    for (const label of ['pos', 'neg']) {
      expect((await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices(label) })).status).toBe(201);
    }
    expect(labeled()).toBe(0);
    insertAnnotation(t.db, { task: task!, project, completed_by: insertOtherUser(t), result: choices('pos') });
    // Someone else's annotation (written as a pull would), then any save recounts: two people now.
    await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    expect(labeled()).toBe(1);
  });

  it('the label stream serves the cohort first without naming "Show overlap first" in its queue', async () => {
    const t = await createTestApp();
    const project = await createProject(t, {
      maximum_annotations: 2,
      overlap_cohort_percentage: 50,
      show_overlap_first: true,
    });
    const tasks = await importTasks(t, project, 4);
    // The cohort is the first two tasks; made single again, the first is served after the second.
    t.db.prepare('UPDATE tasks SET overlap = 1 WHERE id = ?').run(tasks[0]);
    const { status, body } = await call(t, 'GET', `/api/projects/${project}/next/`);
    expect(status).toBe(200);
    expect(body.id).toBe(tasks[1]);
    expect(body.queue).toBe('Sequence queue');
  });
});

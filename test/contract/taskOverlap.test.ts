import { describe, expect, it } from 'vitest';
import { addUser } from '../helpers/dmData.js';
import { call, choices, createProject } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * A task's overlap (how many annotators it needs) by the way it was made, in a project that asks
 * for two annotations per task: Label Studio gives a task created on its own the default of 1, and
 * the project's maximum_annotations only to tasks an import creates.
 */

async function projectWantingTwo() {
  const t = await createTestApp();
  const project = await createProject(t, { maximum_annotations: 2 });
  return { t, project };
}

describe('task overlap by creation path', () => {
  it('is 1 for a task made with POST /api/tasks/ or POST /api/projects/{id}/tasks/', async () => {
    const { t, project } = await projectWantingTwo();
    const viaTasks = await call(t, 'POST', '/api/tasks/', { project, data: { text: 'alone' } });
    const viaProject = await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'alone too' } });
    expect([viaTasks.status, viaProject.status]).toEqual([201, 201]);
    expect([viaTasks.body.overlap, viaProject.body.overlap]).toEqual([1, 1]);
    const read = await call(t, 'GET', `/api/tasks/${viaTasks.body.id}/`);
    expect(read.body.overlap).toBe(1);
  });

  it('lets one annotation finish such a task, as its overlap says', async () => {
    const { t, project } = await projectWantingTwo();
    const { body: task } = await call(t, 'POST', '/api/tasks/', { project, data: { text: 'alone' } });
    await call(t, 'POST', `/api/tasks/${task.id}/annotations/`, { result: choices('pos') });
    expect((await call(t, 'GET', `/api/tasks/${task.id}/`)).body).toMatchObject({ overlap: 1, is_labeled: true });
  });

  it("is the project's maximum_annotations for imported tasks", async () => {
    const { t, project } = await projectWantingTwo();
    const imported = await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, [
      { data: { text: 'imported' } },
    ]);
    expect(imported.status).toBe(201);
    const [id] = imported.body.task_ids as number[];
    expect((await call(t, 'GET', `/api/tasks/${id}/`)).body.overlap).toBe(2);
  });

  it('counts the people of imported annotations, not the annotations, as a later save does', async () => {
    const { t, project } = await projectWantingTwo();
    const ana = addUser(t.db, 'ana@example.com');
    const bo = addUser(t.db, 'bo@example.com');
    const annotation = (completed_by: number, was_cancelled = false) => ({
      result: choices('pos'),
      completed_by,
      was_cancelled,
    });
    const imported = await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, [
      { data: { text: 'one person twice' }, annotations: [annotation(ana), annotation(ana)] },
      { data: { text: 'two people' }, annotations: [annotation(ana), annotation(bo)] },
      { data: { text: 'two people, one skipped' }, annotations: [annotation(ana), annotation(bo, true)] },
    ]);
    expect(imported.status).toBe(201);
    const ids = imported.body.task_ids as number[];
    const states = async () =>
      Promise.all(ids.map(async (id) => (await call(t, 'GET', `/api/tasks/${id}/`)).body.is_labeled));
    const afterImport = await states();
    expect(afterImport).toEqual([false, true, false]);
    // A save recomputes every counter from the rows: the import must already agree with it.
    const [first] = (await call(t, 'GET', `/api/tasks/${ids[0]}/annotations/`)).body as { id: number }[];
    await call(t, 'PATCH', `/api/annotations/${first!.id}/`, { result: choices('neg') });
    expect(await states()).toEqual(afterImport);
  });
});

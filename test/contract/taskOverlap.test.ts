import { describe, expect, it } from 'vitest';
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
});

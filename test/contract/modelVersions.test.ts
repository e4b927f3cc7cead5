import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { call, createProject, createTask } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/** `GET /api/projects/{id}/model-versions/`: what the legacy SDK's `Project.get_model_versions()` reads. */
describe('GET /api/projects/{id}/model-versions/', () => {
  it('counts predictions by model version, newest first, with the project model version at 0', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { model_version: 'chosen' });
    const task = await createTask(t, project);
    await call(t, 'POST', '/api/predictions/', { task, result: [], model_version: 'a' });
    t.advanceSeconds(10);
    await call(t, 'POST', '/api/predictions/', { task, result: [], model_version: 'b' });
    t.advanceSeconds(10);
    await call(t, 'POST', '/api/predictions/', { task, result: [], model_version: 'b' });

    const plain = await call(t, 'GET', `/api/projects/${project}/model-versions/`);
    expect(plain.status).toBe(200);
    expect(Object.entries(plain.body)).toEqual([
      ['b', 2],
      ['a', 1],
      ['chosen', 0],
    ]);
    expect((await call(t, 'GET', `/api/projects/${project}/model-versions?limit=1`)).body).toEqual({ b: 2 });
    const extended = await call(t, 'GET', `/api/projects/${project}/model-versions?extended=true`);
    expect(extended.body).toEqual({
      static: [
        { model_version: 'b', count: 2, latest: expect.stringMatching(/^\d{4}-.*\.\d{6}Z$/) },
        { model_version: 'a', count: 1, latest: expect.stringMatching(/^\d{4}-.*\.\d{6}Z$/) },
      ],
      live: null,
    });
  });

  it("refuses bad parameters with DRF's messages and unknown projects with a 404", async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    await expectEnvelope(
      (await call(t, 'GET', `/api/projects/${project}/model-versions?extended=maybe&limit=x`)).response,
      400,
      'Validation error',
      { extended: ['Must be a valid boolean.'], limit: ['A valid integer is required.'] },
    );
    await expectEnvelope(
      (await call(t, 'GET', '/api/projects/999/model-versions/')).response,
      404,
      'No Project matches the given query.',
    );
  });
});

describe('model versions and live models', () => {
  it('lists the ML backends as live models when asked', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    t.db
      .prepare(
        `INSERT INTO ml_backends (project, state, url, title, created_at, updated_at)
         VALUES (?, 'CO', 'http://127.0.0.1:9/model', 'Live one', 'x', 'x')`,
      )
      .run(project);
    const without = await call(t, 'GET', `/api/projects/${project}/model-versions/?extended=true`);
    expect(without.body.live).toBeNull();
    const live = await call(
      t,
      'GET',
      `/api/projects/${project}/model-versions/?extended=true&include_live_models=true`,
    );
    expect(live.body.live).toHaveLength(1);
    expect(live.body.live[0]).toMatchObject({ title: 'Live one', state: 'CO', readable_state: 'Connected', project });
  });

  it('deletes the predictions of one model version, counters following, and says how many', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { model_version: 'old' });
    const task = await createTask(t, project);
    await call(t, 'POST', '/api/predictions/', { task, result: [], model_version: 'old' });
    await call(t, 'POST', '/api/predictions/', { task, result: [], model_version: 'old' });
    await call(t, 'POST', '/api/predictions/', { task, result: [], model_version: 'new' });
    const removed = await call(t, 'DELETE', `/api/projects/${project}/model-versions/`, { model_version: 'old' });
    expect(removed).toMatchObject({ status: 200, body: { deleted_predictions: 2 } });
    expect((await call(t, 'GET', `/api/tasks/${task}/`)).body.total_predictions).toBe(1);
    // The project's own model version was that one: it is cleared, as Label Studio does.
    expect((await call(t, 'GET', `/api/projects/${project}/`)).body.model_version).toBeNull();
    const missing = await t.withToken(`/api/projects/${project}/model-versions/`, {
      method: 'DELETE',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    await expectEnvelope(missing, 400, 'Validation error', { non_field_errors: ['model_version param is required'] });
  });
});

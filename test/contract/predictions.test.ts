import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { call, choices, createProject, createTask, taskState, appWithTask } from '../helpers/taskApi.js';

const T0 = '2026-01-15T10:00:00.000000Z';
const T1 = '2026-01-15T10:01:00.000000Z';
const T2 = '2026-01-15T10:02:00.000000Z';

const setup = appWithTask;

describe('POST /api/predictions/', () => {
  it("returns the prediction (201) in Label Studio's key order; project from the task unless sent", async () => {
    const { t, project, task } = await setup();
    t.advanceSeconds(60);
    const { status, body } = await call(t, 'POST', '/api/predictions/', {
      task,
      result: choices('pos'),
      score: 0.95,
      model_version: 'yolo-v8',
    });
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual([
      'id',
      'result',
      'score',
      'model_version',
      'cluster',
      'neighbors',
      'mislabeling',
      'created_ago',
      'created_at',
      'updated_at',
      'model',
      'model_run',
      'task',
      'project',
    ]);
    expect(body).toEqual({
      id: body.id,
      result: choices('pos'),
      score: 0.95,
      model_version: 'yolo-v8',
      cluster: null,
      neighbors: null,
      mislabeling: 0,
      created_ago: '0\u00a0minutes',
      created_at: T1,
      updated_at: T1,
      model: null,
      model_run: null,
      task,
      // Label Studio's Prediction.save takes the task's project when none is sent.
      project,
    });
    const withProject = await call(t, 'POST', '/api/predictions/', { task, project, result: [] });
    expect(withProject.body).toMatchObject({ project, model_version: '', score: null });
  });

  it('counts the prediction on its task and bumps the task', async () => {
    const { t, task } = await setup();
    t.advanceSeconds(60);
    await call(t, 'POST', '/api/predictions/', { task, result: [] });
    expect(taskState(t, task)).toEqual({
      total_annotations: 0,
      cancelled_annotations: 0,
      total_predictions: 1,
      is_labeled: 0,
      updated_at: T1,
      updated_by: t.userId,
    });
  });

  it('normalizes results the way Prediction.prepare_prediction_result does', async () => {
    const { t, task } = await setup();
    const fromObject = await call(t, 'POST', '/api/predictions/', { task, result: { choices: ['neg'] } });
    expect(fromObject.body.result).toEqual([
      { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['neg'] } },
    ]);
    const fromText = await call(t, 'POST', '/api/predictions/', { task, result: 'pos' });
    expect(fromText.body.result).toEqual([
      { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } },
    ]);
    expect((await call(t, 'POST', '/api/predictions/', { task, result: { rating: 3 } })).body.result).toBeNull();
    await expectEnvelope(
      (await call(t, 'POST', '/api/predictions/', { task, result: [1] })).response,
      400,
      'Validation error',
      {
        non_field_errors: ['Each item in prediction result should be dict'],
      },
    );
    await expectEnvelope(
      (await call(t, 'POST', '/api/predictions/', { task, result: 0.5 })).response,
      400,
      'Validation error',
      {
        non_field_errors: ["Incorrect format <class 'float'> for prediction result 0.5"],
      },
    );
    expect(taskState(t, task).total_predictions).toBe(3);
  });

  it('requires an existing task', async () => {
    const { t } = await setup();
    await expectEnvelope(
      (await call(t, 'POST', '/api/predictions/', { result: [] })).response,
      400,
      'Validation error',
      {
        task: ['This field is required.'],
      },
    );
    await expectEnvelope(
      (await call(t, 'POST', '/api/predictions/', { task: 999, score: 'x' })).response,
      400,
      'Validation error',
      {
        task: ['Invalid pk "999" - object does not exist.'],
        score: ['A valid number is required.'],
      },
    );
  });
});

describe('GET /api/predictions/', () => {
  it('is a bare array filtered by task, project or task__project', async () => {
    const { t, project, task } = await setup();
    const otherProject = await createProject(t);
    const otherTask = await createTask(t, otherProject);
    const a = (await call(t, 'POST', '/api/predictions/', { task, project, result: [] })).body.id;
    const b = (await call(t, 'POST', '/api/predictions/', { task, result: [] })).body.id;
    const c = (await call(t, 'POST', '/api/predictions/', { task: otherTask, project: otherProject, result: [] })).body
      .id;
    const ids = async (query: string) =>
      ((await call(t, 'GET', `/api/predictions/${query}`)).body as { id: number }[]).map((item) => item.id);
    expect(await ids('')).toEqual([a, b, c]);
    expect(await ids(`?task=${task}`)).toEqual([a, b]);
    // b was sent without a project: it took its task's.
    expect(await ids(`?project=${project}`)).toEqual([a, b]);
    expect(await ids(`?task__project=${project}`)).toEqual([a, b]);
    expect(await ids('?task=')).toEqual([a, b, c]);
    await expectEnvelope(
      (await call(t, 'GET', '/api/predictions/?task=999&project=x')).response,
      400,
      'Validation error',
      {
        task: ['Select a valid choice. That choice is not one of the available choices.'],
        project: ['Select a valid choice. That choice is not one of the available choices.'],
      },
    );
  });
});

describe('/api/predictions/{id}/', () => {
  it('GET, PATCH and PUT; writes bump the task; PUT needs the task', async () => {
    const { t, project, task } = await setup();
    const created = (await call(t, 'POST', '/api/predictions/', { task, result: choices('pos'), score: 0.1 })).body;
    expect((await call(t, 'GET', `/api/predictions/${created.id}`)).body).toEqual(created);
    t.advanceSeconds(60);
    const patched = await call(t, 'PATCH', `/api/predictions/${created.id}/`, { score: 0.7, model_version: 'v2' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      score: 0.7,
      model_version: 'v2',
      result: choices('pos'),
      created_at: T0,
      updated_at: T1,
    });
    expect(taskState(t, task)).toMatchObject({ updated_at: T1, total_predictions: 1 });
    await expectEnvelope(
      (await call(t, 'PUT', `/api/predictions/${created.id}/`, { score: 1 })).response,
      400,
      'Validation error',
      {
        task: ['This field is required.'],
      },
    );
    const moved = await createTask(t, project, { text: 'other' });
    await call(t, 'PUT', `/api/predictions/${created.id}/`, { task: moved, result: [] });
    expect(taskState(t, task).total_predictions).toBe(0);
    expect(taskState(t, moved).total_predictions).toBe(1);
  });

  it('DELETE is a 204 that recounts and bumps the task; unknown ids are 404', async () => {
    const { t, task } = await setup();
    const created = (await call(t, 'POST', '/api/predictions/', { task, result: [] })).body;
    t.advanceSeconds(120);
    const response = await t.withToken(`/api/predictions/${created.id}/`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(taskState(t, task)).toMatchObject({ total_predictions: 0, updated_at: T2, updated_by: t.userId });
    await expectEnvelope(
      (await call(t, 'GET', `/api/predictions/${created.id}/`)).response,
      404,
      'No Prediction matches the given query.',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { listPredictionJobs, retrievePredictions } from '../../renderer/src/api/predictionJobs.js';
import { predictionJobListSchema, retrievePredictionsAnswerSchema, type PredictionJob } from '../../shared/api/ml.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { startStubModelServer, type StubBehaviour, type StubModelServer } from '../helpers/stubModelServer.js';
import { call, createProject, createTask, TEXT_CONFIG } from '../helpers/taskApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { waitUntil } from '../helpers/eventually.js';

let servers: StubModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** A text project with `count` tasks and a connected stub model. */
async function modelProject(count: number, behaviour: Partial<StubBehaviour> = {}, projectFields = {}) {
  const t = await createTestApp();
  const project = await createProject(t, projectFields);
  const tasks: number[] = [];
  for (let i = 0; i < count; i += 1) tasks.push(await createTask(t, project, { text: `task ${i}` }));
  const server = await startStubModelServer(behaviour);
  servers.push(server);
  const backend = await call(t, 'POST', '/api/ml/', { url: server.url, project });
  expect(backend.status).toBe(201);
  server.calls.length = 0;
  return { t, project, tasks, server, backend: backend.body as { id: number } };
}

function retrieve(t: TestApp, project: number, included: number[] | 'all') {
  const selectedItems = included === 'all' ? { all: true, excluded: [] } : { all: false, included };
  return call(t, 'POST', `/api/dm/actions/?id=retrieve_tasks_predictions&project=${project}`, { selectedItems });
}

const stored = (t: TestApp, project: number) =>
  t.db
    .prepare('SELECT task, result, score, model_version FROM predictions WHERE project = ? ORDER BY task, id')
    .all(project) as {
    task: number;
    result: string;
    score: number | null;
    model_version: string;
  }[];

describe('Retrieve Predictions (the Data Manager action)', () => {
  it('sends the selected tasks in batches and stores one prediction each', async () => {
    const { t, project, tasks, server, backend } = await modelProject(30);
    const { status, body } = await retrieve(t, project, 'all');
    expect(status).toBe(200);
    expect(body).toMatchObject({ processed_items: 30, detail: 'Retrieved 30 predictions', created: 30, skipped: 0 });
    // Strictly the shared wire shape, which the renderer reads it with.
    expect(retrievePredictionsAnswerSchema.parse(body)).toEqual(body);
    expect(body.errors).toEqual([]);
    // The state is refreshed first, then 25 + 5 tasks in two /predict calls.
    expect(server.calls.map((c) => c.path)).toEqual(['/health', '/setup', '/predict', '/predict']);
    const first = server.callsTo('/predict')[0]!.body as {
      tasks: Record<string, unknown>[];
      params: unknown;
      project: string;
    };
    expect(first.tasks).toHaveLength(25);
    expect(Object.keys(first.tasks[0]!)).toEqual(
      expect.arrayContaining(['id', 'data', 'meta', 'annotations', 'predictions', 'project', 'inner_id']),
    );
    expect(first.tasks[0]!.data).toEqual({ text: 'task 0' });
    expect(first.params).toEqual({ login: null, password: null, context: null });
    const rows = stored(t, project);
    expect(rows.map((row) => row.task)).toEqual(tasks);
    expect(rows[0]).toMatchObject({ model_version: 'stub-v1' });
    expect(JSON.parse(rows[0]!.result)).toEqual([
      { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } },
    ]);
    expect(rows.every((row) => row.score !== null && row.score >= 0.5 && row.score <= 0.9)).toBe(true);
    expect((await call(t, 'GET', `/api/tasks/${tasks[0]}/`)).body.total_predictions).toBe(1);
    expect((await call(t, 'GET', `/api/ml/${backend.id}`)).body.state).toBe('CO');
  });

  it('skips tasks that already have a prediction of the current model version', async () => {
    const { t, project, tasks, server } = await modelProject(4);
    await retrieve(t, project, tasks.slice(0, 2));
    const again = await retrieve(t, project, tasks);
    expect(again.body).toMatchObject({ created: 2, skipped: 2 });
    expect(again.body.detail).toBe('Retrieved 2 predictions; 2 tasks already had predictions of model version stub-v1');
    server.behaviour.modelVersion = 'stub-v2';
    const newVersion = await retrieve(t, project, tasks);
    expect(newVersion.body).toMatchObject({ created: 4, skipped: 0 });
    expect(stored(t, project).filter((row) => row.model_version === 'stub-v2')).toHaveLength(4);
  });

  it('accepts a list of predictions per task', async () => {
    const { t, project, tasks } = await modelProject(3, { predict: 'per-task-lists' });
    expect((await retrieve(t, project, tasks)).body.created).toBe(6);
  });

  it('asks one task at a time when the server answers one result for a batch', async () => {
    const { t, project, tasks, server } = await modelProject(3, { predict: 'one-at-a-time' });
    expect((await retrieve(t, project, tasks)).body.created).toBe(3);
    expect(server.callsTo('/predict').map((c) => (c.body as { tasks: unknown[] }).tasks.length)).toEqual([3, 1, 1, 1]);
  });

  it('refuses predictions that do not fit the labeling config, per task, and says why', async () => {
    const { t, project, tasks, backend } = await modelProject(2, { predict: 'misfit' });
    const { status, body } = await retrieve(t, project, tasks);
    expect(status).toBe(200);
    expect(body.created).toBe(0);
    expect(body.errors).toEqual(
      tasks.map((task) => ({
        task,
        error:
          "The model's prediction does not fit the labeling config: Region 0: 'from_name' 'nope' not found in configuration",
      })),
    );
    const shown = (await call(t, 'GET', `/api/ml/${backend.id}`)).body;
    // The next read refreshes the state from /health and /setup: the server itself is fine.
    expect(shown.state).toBe('CO');
    expect(stored(t, project)).toEqual([]);
  });

  it.each([
    ['answers 500', { predict: 'http500' as const }, /^500 Server Error: Internal Server Error for url: .*\/predict/],
    [
      'answers with a body that is not JSON',
      { predict: 'not-json' as const },
      /is not JSON: Expecting value: line 1 column 14/,
    ],
    ['answers more results than tasks', { predict: 'wrong-count' as const }, /answered 4 results for 2 tasks/],
    ['answers a bare list', { predict: 'bare-list' as const }, /not an object with a 'results' list/],
  ])('leaves the backend in Error with a readable reason when the server %s', async (_what, behaviour, reason) => {
    const { t, project, tasks, backend } = await modelProject(2, behaviour);
    const { status, body } = await retrieve(t, project, tasks);
    expect(status).toBe(200);
    expect(body.created).toBe(0);
    expect(body.errors).toHaveLength(2);
    expect(body.errors[0].error).toMatch(reason);
    const row = t.db.prepare('SELECT state, error_message FROM ml_backends WHERE id = ?').get(backend.id) as {
      state: string;
      error_message: string;
    };
    expect(row.state).toBe('ER');
    expect(row.error_message).toMatch(reason);
  });

  it('gives up on a hanging server after the backend timeout, without sending the other batches', async () => {
    const { t, project, tasks, backend, server } = await modelProject(30, { predict: 'hang' });
    await call(t, 'PATCH', `/api/ml/${backend.id}`, { timeout: 0.3 });
    server.calls.length = 0;
    const { body } = await retrieve(t, project, tasks);
    expect(body.created).toBe(0);
    expect(body.errors).toHaveLength(30);
    expect(body.errors[0].error).toMatch(/within 0\.3 s \(timed out\)/);
    expect(body.errors[29].error).toMatch(/^Not sent: the model server stopped answering/);
    expect(server.callsTo('/predict')).toHaveLength(1);
  });

  it('says so when the project has no model, or its server is down', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const task = await createTask(t, project);
    const none = await retrieve(t, project, [task]);
    expect(none.body.detail).toMatch(/^No predictions: this project has no ML backend/);
    expect(retrievePredictionsAnswerSchema.parse(none.body)).toEqual(none.body);
    const selection = {
      selectedItems: { all: false as const, included: [task] },
      filters: { conjunction: 'and' as const, items: [] },
      ordering: [],
    };
    expect(await retrievePredictions(rendererClient(t), project, selection)).toMatchObject({
      created: 0,
      skipped: 0,
      cancelled: false,
      errors: [],
    });
    const { t: t2, project: p2, tasks, server } = await modelProject(1);
    server.behaviour.health = 'http500';
    const down = await retrieve(t2, p2, tasks);
    expect(down.body.detail).toMatch(/^No predictions: The model server does not answer its health check/);
  });

  it('shows its progress while it runs, and stops when cancelled, keeping the batches done', async () => {
    const { t, project, backend, server } = await modelProject(75);
    await call(t, 'PATCH', `/api/ml/${backend.id}`, { timeout: 5 });
    server.behaviour.predict = 'hang';
    const pending = retrieve(t, project, 'all');
    const jobs: PredictionJob[] = await waitUntil(async () => {
      // Strictly the shared wire shape, and as the renderer reads it.
      const listed = predictionJobListSchema.parse(
        (await call(t, 'GET', `/api/outpost/ml/jobs?project=${project}`)).body,
      );
      return listed.length > 0 ? listed : null;
    }, 'the prediction job to be listed');
    expect(await listPredictionJobs(rendererClient(t), project)).toEqual(jobs);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'running', total: 75, done: 0 });
    // The backend shows Predicting while this process sends it tasks.
    server.behaviour.predict = 'hang';
    expect((await call(t, 'GET', `/api/ml/${backend.id}`)).body).toMatchObject({
      state: 'PR',
      readable_state: 'Predicting',
    });
    const cancelled = await t.withToken(`/api/outpost/ml/jobs/${jobs[0]!.id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(204);
    const { body } = await pending;
    expect(body).toMatchObject({ cancelled: true, created: 0 });
    expect(body.detail).toMatch(/stopped on request$/);
    const after = predictionJobListSchema.parse((await call(t, 'GET', `/api/outpost/ml/jobs?project=${project}`)).body);
    expect(after[0]).toMatchObject({ id: jobs[0]!.id, status: 'cancelled' });
    expect((await t.withToken(`/api/outpost/ml/jobs/${jobs[0]!.id}/cancel`, { method: 'POST' })).status).toBe(404);
  });
});

describe('predictions asked for automatically', () => {
  it('predicts a task opened without predictions, once', async () => {
    const { t, tasks, server } = await modelProject(2);
    const opened = await call(t, 'GET', `/api/tasks/${tasks[0]}/`);
    expect(opened.body.predictions).toHaveLength(1);
    expect(opened.body.predictions[0]).toMatchObject({ model_version: 'stub-v1' });
    await call(t, 'GET', `/api/tasks/${tasks[0]}/`);
    expect(server.callsTo('/predict')).toHaveLength(1);
  });

  it('leaves tasks alone when the project shows no predictions and does not evaluate', async () => {
    const { t, tasks, server } = await modelProject(1, {}, { show_collab_predictions: false });
    expect((await call(t, 'GET', `/api/tasks/${tasks[0]}/`)).body.predictions).toEqual([]);
    expect(server.callsTo('/predict')).toHaveLength(0);
  });

  it('opens tasks fast while the model server is down (one failed try, then a pause)', async () => {
    const { t, tasks, server } = await modelProject(3);
    await server.close();
    for (const task of tasks) expect((await call(t, 'GET', `/api/tasks/${task}/`)).status).toBe(200);
    expect(server.calls.filter((c) => c.path === '/health')).toHaveLength(0);
  });

  it('evaluates a Data Manager page when the project asks for it', async () => {
    const { t, project, server } = await modelProject(5, {}, { evaluate_predictions_automatically: true });
    const page = await call(t, 'GET', `/api/tasks/?project=${project}&page_size=3&fields=all`);
    expect(page.body.tasks.map((task: { total_predictions: number }) => task.total_predictions)).toEqual([1, 1, 1]);
    expect((server.callsTo('/predict')[0]!.body as { tasks: unknown[] }).tasks).toHaveLength(3);
  });

  it('gives the label stream a prediction of the live model its model version names', async () => {
    const { t, project, server } = await modelProject(2);
    expect((await call(t, 'GET', `/api/projects/${project}/`)).body.model_version).toBe('default');
    const next = await call(t, 'GET', `/api/projects/${project}/next/`);
    expect(next.body.predictions).toHaveLength(1);
    expect(server.callsTo('/predict')).toHaveLength(1);
  });
});

describe('the config a model sees', () => {
  it('sends the label config and the tasks as stored', async () => {
    const { t, project, tasks, server } = await modelProject(1);
    await retrieve(t, project, tasks);
    const body = server.callsTo('/predict')[0]!.body as { label_config: string; project: string };
    expect(body.label_config).toBe(TEXT_CONFIG);
    expect(body.project).toMatch(new RegExp(`^${project}\\.\\d+$`));
  });
});

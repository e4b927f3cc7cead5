import { afterEach, describe, expect, it } from 'vitest';
import { mlEventsSettled } from '../../electron/core/ml/mlEvents.js';
import { interactiveAnnotating, listVersions, testPrediction } from '../../renderer/src/api/mlBackends.js';
import {
  backendVersionsAnswerSchema,
  interactiveAnswerSchema,
  predictTestAnswerSchema,
} from '../../shared/api/mlBackends.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { startStubModelServer, type StubBehaviour, type StubModelServer } from '../helpers/stubModelServer.js';
import { call, choices, createProject, createTask } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

let servers: StubModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function connected(behaviour: Partial<StubBehaviour> = {}, backendFields = {}, projectFields = {}) {
  const t = await createTestApp();
  const project = await createProject(t, projectFields);
  const task = await createTask(t, project, { text: 'great film' });
  const server = await startStubModelServer(behaviour);
  servers.push(server);
  const backend = await call(t, 'POST', '/api/ml/', { url: server.url, project, ...backendFields });
  expect(backend.status).toBe(201);
  server.calls.length = 0;
  return { t, project, task, server, id: (backend.body as { id: number }).id };
}

const stateOf = (t: Awaited<ReturnType<typeof connected>>['t'], id: number) =>
  t.db.prepare('SELECT state, error_message FROM ml_backends WHERE id = ?').get(id) as {
    state: string;
    error_message: string | null;
  };

describe('POST /api/ml/{id}/train', () => {
  it('sends START_TRAINING with the project, answers 200 with no body, and shows Training', async () => {
    const { t, project, server, id } = await connected();
    const response = await t.withToken(`/api/ml/${id}/train`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const [webhook] = server.callsTo('/webhook');
    const body = webhook!.body as { action: string; project: Record<string, unknown> };
    expect(body.action).toBe('START_TRAINING');
    expect(body.project).toMatchObject({ id: project, model_version: 'default' });
    expect(body.project.label_config).toContain('<Choices name="label"');
    expect(stateOf(t, id)).toEqual({ state: 'TR', error_message: null });
  });

  it('records the reason in Error when the server refuses, still answering 200', async () => {
    const { t, id } = await connected({ webhook: 'http500' });
    expect((await t.withToken(`/api/ml/${id}/train`, { method: 'POST' })).status).toBe(200);
    const { state, error_message } = stateOf(t, id);
    expect(state).toBe('ER');
    expect(error_message).toMatch(
      /^500 Server Error: Internal Server Error for url: .*\/webhook \(the server said: cannot train\)$/,
    );
    await expectEnvelope(
      await t.withToken('/api/ml/999/train', { method: 'POST' }),
      404,
      'No MLBackend matches the given query.',
    );
  });
});

describe('annotation events', () => {
  it('tells the model server of each annotation created, changed and deleted, in order', async () => {
    const { t, task, server } = await connected();
    const created = await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    await call(t, 'PATCH', `/api/annotations/${created.body.id}/`, { result: choices('neg') });
    await t.withToken(`/api/annotations/${created.body.id}/`, { method: 'DELETE' });
    await mlEventsSettled(t.db);
    const events = server.callsTo('/webhook').map((c) => c.body as Record<string, Record<string, unknown>>);
    expect(events.map((event) => event.action)).toEqual([
      'ANNOTATION_CREATED',
      'ANNOTATION_UPDATED',
      'ANNOTATIONS_DELETED',
    ]);
    expect(events[0]!.annotation).toMatchObject({ id: created.body.id, task, result: choices('pos') });
    expect(events[1]!.annotation).toMatchObject({ result: choices('neg') });
    expect(events[0]!.task).toMatchObject({ id: task, data: { text: 'great film' } });
    expect(events[0]!.project).toMatchObject({ id: created.body.project });
  });

  it('starts training every N annotations when the project asks for it', async () => {
    const { t, project, server } = await connected({}, {}, {});
    await call(t, 'PATCH', `/api/projects/${project}/`, { min_annotations_to_start_training: 2 });
    const tasks = [await createTask(t, project), await createTask(t, project), await createTask(t, project)];
    for (const task of tasks) await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    await mlEventsSettled(t.db);
    const actions = server.callsTo('/webhook').map((c) => (c.body as { action: string }).action);
    expect(actions).toEqual(['ANNOTATION_CREATED', 'ANNOTATION_CREATED', 'START_TRAINING', 'ANNOTATION_CREATED']);
    await call(t, 'PATCH', `/api/projects/${project}/`, { start_training_on_annotation_update: true });
    await call(t, 'POST', `/api/tasks/${tasks[0]}/annotations/`, { result: choices('neg') });
    await mlEventsSettled(t.db);
    expect(
      server
        .callsTo('/webhook')
        .map((c) => (c.body as { action: string }).action)
        .slice(4),
    ).toEqual(['ANNOTATION_CREATED', 'START_TRAINING']);
  });

  it('never slows the annotator down when the model server hangs', async () => {
    process.env.ML_TIMEOUT_TRAIN = '0.2';
    try {
      const { t, task, server } = await connected();
      await server.close();
      const created = await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
      expect(created.status).toBe(201);
      await mlEventsSettled(t.db);
    } finally {
      delete process.env.ML_TIMEOUT_TRAIN;
    }
  });
});

describe('POST /api/ml/{id}/predict/test', () => {
  it('needs random=true (a plain 501), then predicts one task and stores nothing', async () => {
    const { t, task, server, id } = await connected();
    const refused = await call(t, 'POST', `/api/ml/${id}/predict/test`);
    expect(refused).toMatchObject({
      status: 501,
      body: { error: 'Not implemented - you must provide random=true query parameter' },
    });
    const tested = await call(t, 'POST', `/api/ml/${id}/predict/test?random=true`);
    expect(tested.status).toBe(200);
    expect(Object.keys(tested.body)).toEqual(['status', 'error_message', 'url', 'task', 'request', 'response']);
    // Strictly the shared wire shape, which the renderer reads it with.
    expect(predictTestAnswerSchema.parse(tested.body)).toEqual(tested.body);
    expect((await testPrediction(rendererClient(t), id)).task).toEqual(tested.body.task);
    expect(tested.body).toMatchObject({ status: 200, error_message: null, url: `${server.url}/predict` });
    expect(tested.body.task).toMatchObject({ id: task, data: { text: 'great film' } });
    expect(tested.body.request.tasks).toEqual([tested.body.task]);
    expect(tested.body.response[0].result[0].value).toEqual({ choices: ['pos'] });
    expect(t.db.prepare('SELECT count(*) AS n FROM predictions').get()).toEqual({ n: 0 });
    server.behaviour.predict = 'http500';
    const failed = await call(t, 'POST', `/api/ml/${id}/predict/test?random=true`);
    expect(failed.status).toBe(400);
    expect(failed.body.detail).toMatch(/^ML backend did not return any predictions, check ML backend logs/);
  });

  it('says when the project has no task to try', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const server = await startStubModelServer();
    servers.push(server);
    const backend = await call(t, 'POST', '/api/ml/', { url: server.url, project });
    const tested = await call(t, 'POST', `/api/ml/${backend.body.id}/predict/test?random=true`);
    expect(tested).toMatchObject({
      status: 400,
      body: { detail: 'Project has no tasks to run prediction on, import at least 1 task to run prediction' },
    });
  });
});

describe('POST /api/ml/{id}/interactive-annotating', () => {
  it('forwards the editor context for an interactive backend and returns the first result', async () => {
    const { t, task, server, id } = await connected({}, { is_interactive: true });
    await call(t, 'POST', `/api/tasks/${task}/drafts/`, { result: choices('neg') });
    const context = { result: [{ type: 'keypointlabels', value: { x: 1, y: 2 } }] };
    const answer = await call(t, 'POST', `/api/ml/${id}/interactive-annotating`, { task, context });
    expect(answer.status).toBe(200);
    expect(answer.body.data.result[0].value).toEqual({ choices: ['pos'] });
    expect(interactiveAnswerSchema.parse(answer.body)).toEqual(answer.body);
    expect(await interactiveAnnotating(rendererClient(t), id, task, context)).toEqual(answer.body);
    const sent = server.callsTo('/predict')[0]!.body as {
      tasks: Record<string, unknown>[];
      params: { context: unknown };
    };
    expect(sent.params.context).toEqual(context);
    expect(sent.tasks[0]).toMatchObject({ id: task, drafts: [expect.objectContaining({ result: choices('neg') })] });
    expect(t.db.prepare('SELECT count(*) AS n FROM predictions').get()).toEqual({ n: 0 });
  });

  it('answers errors with a 200 as Label Studio does, and 404s unknown tasks', async () => {
    const plain = await connected();
    expect(
      (await call(plain.t, 'POST', `/api/ml/${plain.id}/interactive-annotating`, { task: plain.task })).body,
    ).toEqual({
      errors: ['Model is not set to be used for interactive preannotations'],
    });
    const { t, task, server, id } = await connected({ predict: 'misfit' }, { is_interactive: true });
    const misfit = await call(t, 'POST', `/api/ml/${id}/interactive-annotating`, { task });
    expect(interactiveAnswerSchema.parse(misfit.body)).toEqual(misfit.body);
    expect(misfit.body.errors[0]).toMatch(/^Incorrect response from ML service: the prediction does not fit/);
    server.behaviour.predict = 'bare-list';
    expect((await call(t, 'POST', `/api/ml/${id}/interactive-annotating`, { task })).body).toEqual({
      errors: ['Incorrect response from ML service: ML backend returns an incorrect response, it must be a dict.'],
    });
    server.behaviour.predict = 'http500';
    const failed = await call(t, 'POST', `/api/ml/${id}/interactive-annotating`, { task });
    expect(failed.body.errors[0]).toMatch(/^500 Server Error/);
    await expectEnvelope(
      await t.withToken(`/api/ml/${id}/interactive-annotating`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
      'Validation error',
      { task: ['This field is required.'] },
    );
    const other = await createProject(t, { title: 'Another project' });
    const foreign = await createTask(t, other);
    const missing = await t.withToken(`/api/ml/${id}/interactive-annotating`, {
      method: 'POST',
      body: JSON.stringify({ task: foreign }),
      headers: { 'Content-Type': 'application/json' },
    });
    await expectEnvelope(missing, 404, 'No Task matches the given query.');
  });
});

describe('GET /api/ml/{id}/versions', () => {
  it("lists the server's versions, or the backend's own when the server has no such call", async () => {
    const { t, server, id } = await connected();
    const listed = (await call(t, 'GET', `/api/ml/${id}/versions`)).body;
    expect(backendVersionsAnswerSchema.parse(listed)).toEqual({ versions: ['stub-v1', 'stub-v0'] });
    server.behaviour.versions = 'missing';
    const missing = { versions: ['stub-v1'], message: 'Upgrade your ML backend version to latest.' };
    expect(backendVersionsAnswerSchema.parse((await call(t, 'GET', `/api/ml/${id}/versions`)).body)).toEqual(missing);
    expect(await listVersions(rendererClient(t), id)).toEqual(missing);
    server.behaviour.versions = 'http405';
    const refused = await call(t, 'GET', `/api/ml/${id}/versions`);
    expect(refused.status).toBe(405);
    expect(refused.body.error).toMatch(/^405 Client Error: Method Not Allowed for url: .*\/versions/);
    await server.close();
    const down = await call(t, 'GET', `/api/ml/${id}/versions`);
    expect(down.status).toBe(400);
    // A refused connection, or the kept-alive one found closed: either way a readable reason.
    expect(down.body.error).toMatch(/^(Connection refused by|The connection to .* was cut)/);
  });
});

describe("the project's model version", () => {
  it('may name a live model (a backend title) as well as stored predictions', async () => {
    const { t, project } = await connected({}, { title: 'Sentiment live' });
    const chosen = await call(t, 'PATCH', `/api/projects/${project}/`, { model_version: 'Sentiment live' });
    expect(chosen.status).toBe(200);
    const unknown = await call(t, 'PATCH', `/api/projects/${project}/`, { model_version: 'nothing' });
    expect(unknown.body.validation_errors).toEqual({
      model_version: ["Model version doesn't exist either as live model or as static predictions."],
    });
  });
});

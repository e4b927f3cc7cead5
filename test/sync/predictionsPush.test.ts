import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPredictionRow } from '../../electron/core/db/repos/predictionsRepo.js';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.js';
import {
  contents,
  ML_FIELDS,
  pulledProject,
  rowContents,
  type PredictionContent,
} from '../helpers/predictionSyncRig.js';
import { startStubModelServer, type StubModelServer } from '../helpers/stubModelServer.js';
import { choice, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { call } from '../helpers/taskApi.js';

/*
 * Predictions made here against a second Outpost as the remote, every request seen by a proxy:
 * a sync never sends them, nor any ML setting; pushed on request, each lands once, becomes the
 * remote's own, and never comes back as a second copy.
 */

let remote: RemoteOutpost;
let proxy: FaultProxy;
let model: StubModelServer;

beforeAll(async () => {
  remote = await startRemoteOutpost();
  proxy = await startFaultProxy(remote.url);
  model = await startStubModelServer({ modelVersion: 'team-model-7' });
});
afterAll(async () => {
  await model?.close();
  await proxy?.close();
  await remote?.stop();
});

type RemotePrediction = PredictionContent & { id: number; task: number };
const remotePredictionsOf = (project: number) =>
  remote.api<RemotePrediction[]>('GET', `/api/predictions/?task__project=${project}`);
const remoteMlState = async (project: number) => {
  const settings = await remote.api<Record<string, unknown>>('GET', `/api/projects/${project}/`);
  const backends = await remote.api<Record<string, unknown>[]>('GET', `/api/ml/?project=${project}`);
  return {
    fields: Object.fromEntries(ML_FIELDS.map((field) => [field, settings[field]])),
    backends: backends.map(({ id, title, url, model_version }) => ({ id, title, url, model_version })),
  };
};
/** The writes the remote received since `from` (an index into the proxy's log). */
const writesSince = (from: number) =>
  proxy.log.slice(from).flatMap((entry) => (entry.method === 'GET' ? [] : [`${entry.method} ${entry.path}`]));

describe('predictions made here', () => {
  it('are never sent by a sync, and neither is any ML setting chosen here', async () => {
    const { rig, project, remoteProject, taskIds, predict } = await pulledProject(remote, proxy.url, ['one', 'two']);
    await remote.api('POST', '/api/ml/', { url: model.url, project: remoteProject, title: 'Team model' });
    await remote.api('PATCH', `/api/projects/${remoteProject}/`, {
      model_version: 'team-v1',
      evaluate_predictions_automatically: false,
      min_annotations_to_start_training: 0,
    });
    await rig.sync();
    const before = { predictions: await remotePredictionsOf(remoteProject), ml: await remoteMlState(remoteProject) };

    // Here: predictions, the built-in model connected and chosen, other ML settings, an annotation.
    await predict(taskIds[0]!, 'neg', 'here-v1');
    await predict(taskIds[1]!, 'pos', 'here-v1');
    const builtIn = await call(rig.t, 'POST', '/api/ml/', {
      url: 'outpost:local-model',
      project,
      title: 'Outpost model',
    });
    expect(builtIn.status).toBe(201);
    const settings = await call(rig.t, 'PATCH', `/api/projects/${project}/`, {
      model_version: 'Outpost model',
      evaluate_predictions_automatically: true,
      min_annotations_to_start_training: 5,
    });
    expect(settings.status).toBe(200);
    const annotated = await call(rig.t, 'POST', `/api/tasks/${rig.taskOf(taskIds[1]!)}/annotations/`, {
      result: choice('pos'),
    });
    expect(annotated.status).toBe(201);

    const from = proxy.log.length;
    const run = await rig.sync();
    expect(run.status).toBe('completed');
    expect(run.summary.pushed).toEqual({ annotations: 1, updates: 0, deletions: 0, tasks: 0 });
    // The annotation was the one thing written there.
    expect(writesSince(from)).toEqual([`POST /api/tasks/${taskIds[1]}/annotations/`]);
    expect(await remotePredictionsOf(remoteProject)).toEqual(before.predictions);
    expect(await remoteMlState(remoteProject)).toEqual(before.ml);
    // And the model chosen here stays chosen (the remote did not change its own).
    expect(rig.t.db.prepare('SELECT model_version FROM projects WHERE id = ?').pluck().get(project)).toBe(
      'Outpost model',
    );
    expect(rig.localOnlyIds(project)).toHaveLength(2);
  });

  it('are pushed on request, each once, become the remote’s own and never come back as copies', async () => {
    const { rig, project, remoteProject, taskIds, predict } = await pulledProject(remote, proxy.url, ['p', 'q', 'r']);
    const [tp, tq, tr] = taskIds as [number, number, number];
    const v1 = [await predict(tp, 'neg', 'here-v1', 0.75), await predict(tq, 'pos', 'here-v1')];
    const v2 = await predict(tr, 'neg', 'here-v2');
    const mlBefore = await remoteMlState(remoteProject);
    const rowCount = () => rig.predictionRows(project).length;
    expect(rowCount()).toBe(4);

    expect((await rig.pushPredictions(project, { model_version: 'here-v1' })).body).toMatchObject({ queued: 2 });
    expect((await rig.pushPredictions(project, { model_version: 'here-v1' })).body).toMatchObject({
      queued: 0,
      already_queued: 2,
    });
    const from = proxy.log.length;
    const run = await rig.sync();
    expect(run.summary.errors).toEqual([]);
    expect(run.summary.pushed).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0, predictions: 2 });
    // The run's pull found them already linked and equal: nothing to change.
    expect(run.summary.pulled.predictions).toBe(0);
    expect(writesSince(from)).toEqual(['POST /api/predictions/', 'POST /api/predictions/']);

    // There: the team's prediction and the two pushed, as they were made here, on their tasks.
    const there = await remotePredictionsOf(remoteProject);
    expect(contents(there)).toEqual(
      contents([
        { result: choice('pos'), score: 0.5, model_version: 'team-v1' },
        { result: choice('neg'), score: 0.75, model_version: 'here-v1' },
        { result: choice('pos'), score: 0.25, model_version: 'here-v1' },
      ]),
    );
    expect(there.filter((prediction) => prediction.model_version === 'here-v1').map((p) => p.task)).toEqual([tp, tq]);
    // Here: linked to those twins (the run's pull saw them and made no copy).
    expect(rowCount()).toBe(4);
    expect(rig.localOnlyIds(project)).toEqual([v2]);
    const twins = rig.t.db
      .prepare('SELECT remote_prediction_id FROM remote_predictions WHERE prediction IN (?, ?) ORDER BY prediction')
      .pluck()
      .all(...v1);
    expect(twins).toEqual(there.filter((p) => p.model_version === 'here-v1').map((p) => p.id));
    expect(rowContents(rig.predictionRows(project))).toEqual(
      contents([...there, { result: choice('neg'), score: 0.25, model_version: 'here-v2' }]),
    );

    // Pushing the same ones again does nothing; the rest goes once.
    expect((await rig.pushPredictions(project, {})).body).toEqual({
      queued: 1,
      already_queued: 0,
      already_on_remote: 3,
      not_pushable: 0,
    });
    const second = await rig.sync();
    expect(second.summary.pushed.predictions).toBe(1);
    const third = await rig.sync();
    expect(third.summary.pushed.predictions).toBeUndefined();
    expect(third.summary.pulled.predictions).toBe(0);
    expect(await remotePredictionsOf(remoteProject)).toHaveLength(4);
    expect(rowCount()).toBe(4);
    expect(rig.localOnlyIds(project)).toEqual([]);
    // Nothing of the remote's ML settings moved.
    expect(await remoteMlState(remoteProject)).toEqual(mlBefore);
  });

  it('that the remote refuses are closed and reported, and never hold back the annotations of their task', async () => {
    const { rig, project, remoteProject, taskIds } = await pulledProject(remote, proxy.url, ['refused']);
    const task = rig.taskOf(taskIds[0]!);
    // A list result whose item is not a region: stored here by a repo write, refused there.
    const refused = insertPredictionRow(rig.t.db, {
      task,
      project,
      result: '[1]',
      model_version: 'broken-v1',
      created_at: '2026-01-15T10:00:00.000000Z',
      updated_at: '2026-01-15T10:00:00.000000Z',
    });
    expect((await rig.pushPredictions(project, {})).body).toMatchObject({ queued: 1 });
    const annotated = await call(rig.t, 'POST', `/api/tasks/${task}/annotations/`, { result: choice('neg') });
    expect(annotated.status).toBe(201);

    const run = await rig.sync();
    expect(run.summary.pushed).toEqual({ annotations: 1, updates: 0, deletions: 0, tasks: 0 });
    expect(run.summary.errors).toEqual([
      expect.objectContaining({ phase: 'push', item: `prediction ${refused} of task ${task}` }),
    ]);
    const row = rig.t.db.prepare("SELECT * FROM sync_outbox WHERE kind = 'prediction_create'").get() as {
      done_at: string | null;
      last_error: string;
    };
    expect(row.done_at).not.toBeNull();
    expect(row.last_error).toMatch(/^refused by the remote: POST \/api\/predictions\/: 400 /);
    expect(await remotePredictionsOf(remoteProject)).toHaveLength(1);
    // Still local, so it can be asked for again (after a fix here).
    expect(rig.localOnlyIds(project)).toEqual([refused]);
    expect((await rig.sync()).summary.errors).toEqual([]);
  });
});

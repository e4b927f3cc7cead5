import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProjectById } from '../../electron/core/db/repos/projectsRepo.js';
import { storeModelPredictions } from '../../electron/core/domain/ml/modelPredictions.js';
import { decideModelVersion } from '../../electron/core/sync/pull/pullModelVersion.js';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { contents, createPredictionRig, rowContents, type PredictionContent } from '../helpers/predictionSyncRig.js';
import { startStubModelServer, type StubModelServer } from '../helpers/stubModelServer.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  startRemoteOutpost,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';
import { call } from '../helpers/taskApi.js';

/*
 * Pulls beside predictions made here, against a second Outpost as the remote: the remote's
 * predictions are mirrored as they are, those made here are never rewritten, deleted, duplicated
 * or sent; and the project's model version follows the remote's only when it changed there.
 */

let remote: RemoteOutpost;
let model: StubModelServer;

beforeAll(async () => {
  remote = await startRemoteOutpost();
  model = await startStubModelServer({ modelVersion: 'team-model-7' });
});
afterAll(async () => {
  await model?.close();
  await remote?.stop();
});

const remotePrediction = (task: number, value: string, model_version: string, score: number) =>
  remote.api<{ id: number }>('POST', '/api/predictions/', { task, result: choice(value), score, model_version });
const remotePredictionsOf = (project: number) =>
  remote.api<PredictionContent[]>('GET', `/api/predictions/?task__project=${project}`);

describe('pulling a project that has predictions made here', () => {
  it('mirrors the remote predictions and leaves the local ones as they are, first, full and incremental pulls', async () => {
    const { projectId: remoteProject, taskIds } = await createRemoteProject(remote, ['a', 'b', 'c']);
    const [ta, tb, tc] = taskIds as [number, number, number];
    const edited = await remotePrediction(ta, 'pos', 'm1', 0.5);
    const deleted = await remotePrediction(tb, 'neg', 'm1', 0.5);
    const rig = await createPredictionRig(remote.url, remote.token);
    const first = await rig.sync([remoteProject]);
    expect(first.summary.errors).toEqual([]);
    expect(first.summary.pulled.predictions).toBe(2);
    const project = rig.mirrorOf(remoteProject);
    const { db } = rig.t;

    // Made here: one posted to the local API, two stored the way a model's predictions are.
    const posted = await call(rig.t, 'POST', '/api/predictions/', {
      task: rig.taskOf(ta),
      result: choice('neg'),
      score: 0.25,
      model_version: 'here-v1',
    });
    expect(posted.status).toBe(201);
    const stored = storeModelPredictions(rig.t.ctx, findProjectById(db, project)!, [
      { task: rig.taskOf(tb), result: choice('pos'), score: 0.75, model_version: 'here-v1' },
      { task: rig.taskOf(tc), result: choice('neg'), score: 0.6, model_version: 'here-v2' },
    ]);
    expect(stored).toBe(2);
    const localIds = rig.localOnlyIds(project);
    expect(localIds).toHaveLength(3);
    const localRows = () => rig.predictionRows(project).filter((row) => localIds.includes(row.id as number));
    const mirroredRows = () => rig.predictionRows(project).filter((row) => !localIds.includes(row.id as number));
    const before = localRows();
    const outboxRows = () => db.prepare('SELECT count(*) FROM sync_outbox').pluck().get();

    // A full pull again (cursor and task states forgotten) applies every task over them.
    db.prepare('UPDATE remote_projects SET pulled_until = NULL WHERE project = ?').run(project);
    db.prepare('UPDATE remote_tasks SET remote_updated_at = NULL').run();
    const full = await rig.sync();
    expect(full.summary.errors).toEqual([]);
    expect(full.summary.pulled.predictions).toBe(0);
    expect(localRows()).toEqual(before);

    // The remote edits one of its predictions, deletes another and adds two.
    await remote.api('PATCH', `/api/predictions/${edited.id}/`, { result: choice('neg'), score: 0.1 });
    await remote.api('DELETE', `/api/predictions/${deleted.id}/`);
    await remotePrediction(ta, 'pos', 'm2', 0.9);
    await remotePrediction(tc, 'neg', 'm2', 0.8);
    const incremental = await rig.sync();
    expect(incremental.status).toBe('completed');
    expect(incremental.summary.pulled.predictions).toBe(4);
    expect(localRows()).toEqual(before);
    expect(rig.localOnlyIds(project)).toEqual(localIds);
    const there = await remotePredictionsOf(remoteProject);
    expect(there).toHaveLength(3);
    expect(rowContents(mirroredRows())).toEqual(contents(there));
    // Task a holds its two mirrored predictions and the one made here.
    expect(db.prepare('SELECT total_predictions FROM tasks WHERE id = ?').pluck().get(rig.taskOf(ta))).toBe(3);

    // Nothing went to the remote, nothing was queued, and a further sync has nothing to do.
    expect(outboxRows()).toBe(0);
    const again = await rig.sync();
    expect(again.summary.pulled.predictions).toBe(0);
    expect(localRows()).toEqual(before);
    expect(contents(await remotePredictionsOf(remoteProject))).toEqual(contents(there));
  });
});

describe('a task deleted on the remote', () => {
  it('goes here too when its only unsent work is a queued prediction push (a model can predict again)', async () => {
    const { projectId: remoteProject, taskIds } = await createRemoteProject(remote, ['kept', 'gone']);
    const rig = await createPredictionRig(remote.url, remote.token);
    await rig.sync([remoteProject]);
    const project = rig.mirrorOf(remoteProject);
    const gone = rig.taskOf(taskIds[1]!);
    const made = await call(rig.t, 'POST', '/api/predictions/', {
      task: gone,
      result: choice('pos'),
      model_version: 'v',
    });
    expect(made.status).toBe(201);
    expect((await rig.pushPredictions(project, {})).body).toMatchObject({ queued: 1 });
    await remote.api('DELETE', `/api/tasks/${taskIds[1]}/`);

    // The pull alone (as when the push could not reach the remote): no conflict, the task goes.
    const { ctx } = await createLocalSync(remote, { app: rig.t });
    const pulled = await pullProject(ctx, remoteProject);
    expect(pulled.conflicts).toBe(0);
    expect(rig.t.db.prepare('SELECT count(*) FROM tasks WHERE id = ?').pluck().get(gone)).toBe(0);
    // The next push closes its row: nothing is left to send.
    const run = await rig.sync();
    expect(run.summary.errors).toEqual([]);
    const row = rig.t.db.prepare('SELECT done_at, last_error FROM sync_outbox').get();
    expect(row).toEqual({ done_at: expect.any(String), last_error: 'gone locally' });
  });
});

describe("the project's model version", () => {
  it('follows the remote only when it changed there, never resetting a model chosen here otherwise', async () => {
    const { projectId: remoteProject, taskIds } = await createRemoteProject(remote, ['x', 'y']);
    await remotePrediction(taskIds[0]!, 'pos', 'm1', 0.5);
    const teamBackend = await remote.api('POST', '/api/ml/', {
      url: model.url,
      project: remoteProject,
      title: 'Team model',
    });
    const patchRemote = (fields: Record<string, unknown>) =>
      remote.api('PATCH', `/api/projects/${remoteProject}/`, fields);
    await patchRemote({ model_version: 'm1' });

    const rig = await createPredictionRig(remote.url, remote.token);
    expect((await rig.sync([remoteProject])).summary.errors).toEqual([]);
    const project = rig.mirrorOf(remoteProject);
    const local = () => findProjectById(rig.t.db, project)!;
    const base = () =>
      rig.t.db.prepare('SELECT remote_model_version FROM remote_projects WHERE project = ?').pluck().get(project);
    // The first pull takes the remote's (its predictions came with it).
    expect(local().model_version).toBe('m1');
    expect(base()).toBe('m1');

    // The built-in model connected here and chosen.
    const builtIn = await call(rig.t, 'POST', '/api/ml/', {
      url: 'outpost:local-model',
      project,
      title: 'Outpost model',
    });
    expect(builtIn.status).toBe(201);
    const choose = async (version: string) => {
      const patched = await call(rig.t, 'PATCH', `/api/projects/${project}/`, { model_version: version });
      expect(patched.status).toBe(200);
    };
    await choose('Outpost model');

    // Other settings change there (hiding predictions, with its model version kept), and its
    // predictions: those follow, the choice here stays.
    await patchRemote({ title: 'Renamed', show_collab_predictions: false, model_version: 'm1' });
    await remotePrediction(taskIds[1]!, 'neg', 'm2', 0.4);
    expect((await rig.sync()).summary.errors).toEqual([]);
    expect(local()).toMatchObject({ title: 'Renamed', show_collab_predictions: 0, model_version: 'Outpost model' });

    // The remote's model version changes: followed, once.
    await patchRemote({ model_version: 'm2' });
    await rig.sync();
    expect(local().model_version).toBe('m2');
    await choose('Outpost model');
    await rig.sync();
    expect(local().model_version).toBe('Outpost model');

    // A version naming a model of the remote's own cannot be chosen here: the local one stays.
    await patchRemote({ model_version: 'Team model' });
    expect((await rig.sync()).summary.errors).toEqual([]);
    expect(local().model_version).toBe('Outpost model');
    expect(base()).toBe('Team model');

    // None of it was written to the remote: its ML fields and backend are as it set them.
    const there = await remote.api<Record<string, unknown>>('GET', `/api/projects/${remoteProject}/`);
    expect(there).toMatchObject({ model_version: 'Team model', show_collab_predictions: false, title: 'Renamed' });
    const backends = await remote.api<Record<string, unknown>[]>('GET', `/api/ml/?project=${remoteProject}`);
    expect(backends).toEqual([expect.objectContaining({ id: teamBackend.id, title: 'Team model', url: model.url })]);
  });

  it('decides by the value the last pull saw (the base)', () => {
    // Unchanged there: whatever was chosen here stays.
    expect(decideModelVersion('m1', 'm1', 'Outpost model')).toBe('keep');
    expect(decideModelVersion('m1', 'm1', '')).toBe('keep');
    // Changed there: followed, over a choice made here too.
    expect(decideModelVersion('m1', 'm2', 'Outpost model')).toBe('follow_remote');
    expect(decideModelVersion('m1', '', 'm1')).toBe('follow_remote');
    // Already equal: nothing to write.
    expect(decideModelVersion('m1', 'm2', 'm2')).toBe('keep');
    // Never seen (a first pull, or a database from before the rule): an empty local value
    // follows; a choice made here before the rule existed stays.
    expect(decideModelVersion(null, 'm1', '')).toBe('follow_remote');
    expect(decideModelVersion(null, 'm1', 'Outpost model')).toBe('keep');
  });
});

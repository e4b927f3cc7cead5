import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { snapshotProject } from './syncSnapshot.js';
import { CHOICES_CONFIG, choice, labelStudioApi, startOutpost, type OutpostServer } from './syncRig.js';

/*
 * Predictions made in Outpost against the real Label Studio (through the fault proxy, so one
 * answer can be lost): a sync never sends them; pushed on request they land once, as Label
 * Studio's own API shows, the project's ML settings untouched; pulled again, no copies.
 */

const ML_FIELDS = [
  'model_version',
  'show_collab_predictions',
  'evaluate_predictions_automatically',
  'min_annotations_to_start_training',
] as const;

interface LsPrediction {
  id: number;
  task: number;
  result: unknown;
  score: number | null;
  model_version: string;
}

describe('pushing predictions made in Outpost to the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let proxy: FaultProxy;
  let outpost: OutpostServer;

  beforeAll(async () => {
    proxy = await startFaultProxy(ls.url);
    outpost = await startOutpost();
  });
  afterAll(async () => {
    await outpost?.stop();
    await proxy?.close();
  });

  const predictionsThere = async (project: number) =>
    (await remote.call<LsPrediction[]>('GET', `/api/predictions/?project=${project}`)).sort((a, b) => a.id - b.id);
  const mlState = async (project: number) => {
    const settings = await remote.call('GET', `/api/projects/${project}/`);
    const backends = await remote.call<unknown[]>('GET', `/api/ml/?project=${project}`);
    return { fields: Object.fromEntries(ML_FIELDS.map((field) => [field, settings[field]])), backends };
  };

  it('sends none unasked, lands each asked for once (a lost answer included), and pulls no copy', async () => {
    const { id: remoteProject } = await remote.call<{ id: number }>('POST', '/api/projects/', {
      title: 'Predictions from Outpost',
      label_config: CHOICES_CONFIG,
    });
    const { task_ids: taskIds } = await remote.call<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${remoteProject}/import?return_task_ids=true`,
      ['one', 'two', 'three'].map((text) => ({ data: { text } })),
    );
    const body = { task: taskIds[0], result: choice('pos'), score: 0.5, model_version: 'ls-model' };
    const team = await remote.call<LsPrediction>('POST', '/api/predictions/', body);
    await remote.call('PATCH', `/api/projects/${remoteProject}/`, { model_version: 'ls-model' });
    const mlBefore = await mlState(remoteProject);

    const remoteId = await outpost.addRemote(proxy.url, ls.user.token);
    expect((await outpost.sync(remoteId, [remoteProject])).errors).toEqual([]);
    const local = await outpost.mirrorOf(remoteId, remoteProject);
    const tasks = await outpost.api.call<{ tasks: { id: number; data: { text: string } }[] }>(
      'GET',
      `/api/tasks/?project=${local}&page_size=100`,
    );
    const taskOf = (text: string) => tasks.tasks.find((task) => task.data.text === text)!.id;
    const localProject = await outpost.api.call('GET', `/api/projects/${local}/`);
    expect(localProject.model_version).toBe('ls-model');

    // Made in Outpost; a sync leaves them here.
    const made = [
      { task: taskOf('one'), result: choice('neg'), score: 0.25, model_version: 'outpost-v1' },
      { task: taskOf('two'), result: choice('pos'), score: 0.75, model_version: 'outpost-v1' },
    ];
    for (const prediction of made) await outpost.api.call('POST', '/api/predictions/', prediction);
    const quiet = await outpost.sync(remoteId);
    expect(quiet.errors).toEqual([]);
    expect(quiet.stats.pushed.predictions).toBeUndefined();
    expect(await predictionsThere(remoteProject)).toEqual([expect.objectContaining({ id: team.id })]);

    // Asked for, and the first create's answer lost after Label Studio made it.
    const queued = await outpost.api.call('POST', `/api/outpost/projects/${local}/push-predictions`, {
      model_version: 'outpost-v1',
    });
    expect(queued).toEqual({ queued: 2, already_queued: 0, already_on_remote: 0, not_pushable: 0 });
    proxy.setFaults([{ method: 'POST', path: /^\/api\/predictions\/?$/, action: { kind: 'drop-response' }, times: 1 }]);
    const pushed = await outpost.sync(remoteId);
    proxy.clearFaults();
    expect(proxy.injected()).toEqual(['drop-response POST /api/predictions/']);
    expect(pushed.errors).toEqual([]);
    expect(pushed.stats.pushed.predictions).toBe(2);

    // Label Studio's own API: each once, on its task, as made; its ML settings as they were.
    const there = await predictionsThere(remoteProject);
    expect(there.map(({ task, result, score, model_version }) => ({ task, result, score, model_version }))).toEqual([
      { task: taskIds[0], result: choice('pos'), score: 0.5, model_version: 'ls-model' },
      { task: taskIds[0], result: choice('neg'), score: 0.25, model_version: 'outpost-v1' },
      { task: taskIds[1], result: choice('pos'), score: 0.75, model_version: 'outpost-v1' },
    ]);
    expect(await mlState(remoteProject)).toEqual(mlBefore);

    // Pulled again: no copies on either side, and asking again sends nothing.
    const again = await outpost.sync(remoteId);
    expect(again.errors).toEqual([]);
    const here = await outpost.api.call<unknown[]>('GET', `/api/predictions/?project=${local}`);
    expect(here).toHaveLength(3);
    expect(await outpost.api.call('POST', `/api/outpost/projects/${local}/push-predictions`, {})).toEqual({
      queued: 0,
      already_queued: 0,
      already_on_remote: 3,
      not_pushable: 0,
    });
    expect((await outpost.sync(remoteId)).stats.pushed.predictions).toBeUndefined();
    expect(await predictionsThere(remoteProject)).toHaveLength(3);
    expect(await snapshotProject(outpost.api, local)).toEqual(await snapshotProject(remote, remoteProject));
  });
});

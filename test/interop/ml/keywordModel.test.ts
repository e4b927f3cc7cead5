import { beforeAll, describe, expect, it } from 'vitest';
import { useBoth } from '../differential/both.js';
import type { Pair } from '../differential/compare.js';
import { SIDES, type Side } from '../differential/targets.js';
import { createPair, expectSameTasks, type ProjectPair } from '../conformance/projectPair.js';
import {
  callsOf,
  connectModel,
  expectSameModelCalls,
  retrievePredictions,
  SENTIMENT_CONFIG,
  sentiment,
  useModelServers,
  waitFor,
  withModels,
} from './mlPair.js';

/*
 * A real ML backend (label-studio-ml 1.0.9 serving keyword_model.py) connected to Label Studio and
 * to Outpost, each with a model server of its own: connect (health, setup), predictions for a
 * batch, a task opened without predictions, annotation events, training that fetches the
 * annotations back with what /setup gave, and predictions of the trained model. What each server
 * stored is compared field by field.
 */

const TEXTS = [
  'A good day', // the seed keyword: Positive
  'A bad movie', // Negative
  'The weather today', // no keyword: the last choice, Neutral
  'Lovely people, good food',
  'Terrible service, bad food',
  'Lovely weather', // after training: Positive and Neutral tie, the config's order picks Positive
  'Terrible weather today', // after training: Neutral (two keywords against one)
];
/** Annotations the model learns from: index of the task and its choice. */
const TRAINING: [number, string][] = [
  [2, 'Neutral'],
  [3, 'Positive'],
  [4, 'Negative'],
];

describe('a real ML backend (label-studio-ml), Outpost against Label Studio', () => {
  const both = useBoth();
  const models = useModelServers();
  let project: ProjectPair;
  const tasks: Pair<number[]> = { ls: [], outpost: [] };
  let backend: Pair<number>;
  const pick = (indexes: number[]) => ({
    ls: indexes.map((index) => tasks.ls[index]!),
    outpost: indexes.map((index) => tasks.outpost[index]!),
  });
  const ml =
    (rest = '') =>
    (side: Side) =>
      `/api/ml/${backend[side]}${rest}`;
  const predictionsOf = (side: Side) => `/api/predictions/?project=${project.ids[side]}`;
  const predictCalls = (side: Side) => models[side].requests().filter((call) => call.path === '/predict');

  beforeAll(async () => {
    project = await createPair(both, SENTIMENT_CONFIG, 'Keyword model');
    const imported = await both.ok<{ task_ids: number[] }>(
      'POST',
      project.path('/import?return_task_ids=true'),
      { json: TEXTS.map((text) => ({ text })) },
      201,
    );
    tasks.ls = imported.ls.task_ids;
    tasks.outpost = imported.outpost.task_ids;
  });

  it('connects the model: health and setup answered, Connected, with a URL and token that work', async () => {
    backend = await connectModel(both, models, project, { title: 'keywords' });
    const shown = await both.ok<{ state: string; model_version: string }>('GET', ml());
    for (const side of SIDES) {
      expect(shown[side], side).toMatchObject({ state: 'CO', model_version: 'INITIAL' });
      expect(callsOf(models[side]).slice(0, 2), side).toEqual(['GET /health', 'POST /setup']);
      expect(models[side].connection()?.access_token, side).toBe(both.targets[side].token);
    }
    // Label Studio asks twice (its validation, then its state refresh); Outpost uses the first answer.
    expectSameModelCalls(both, models, 'the setup call', '/setup', {}, 1);
    await both.expectSame('the backend', 'GET', ml(), undefined, withModels(models));
    await both.expectSame(
      'the list',
      'GET',
      (side) => `/api/ml?project=${project.ids[side]}`,
      undefined,
      withModels(models),
    );
    // Connecting a model makes its title the project's model version.
    const projects = await both.ok<{ model_version: string }>('GET', project.path());
    expect(projects.outpost.model_version).toBe(projects.ls.model_version);
  });

  it('asks for a batch of predictions in one call and stores the same ones', async () => {
    await retrievePredictions(both, project, pick([0, 1, 2, 3]));
    for (const side of SIDES)
      expect(
        predictCalls(side).map((call) => call.tasks),
        side,
      ).toEqual([pick([0, 1, 2, 3])[side]]);
    await both.expectSame('the stored predictions', 'GET', predictionsOf);
    const stored = await both.ok<{ result: unknown; score: number; model_version: string }[]>('GET', predictionsOf);
    expect(stored.ls.map((p) => [p.result, p.score, p.model_version])).toEqual([
      [sentiment('Positive'), 1, 'INITIAL'],
      [sentiment('Negative'), 1, 'INITIAL'],
      [sentiment('Neutral'), 0, 'INITIAL'],
      [sentiment('Positive'), 1, 'INITIAL'],
    ]);
  });

  it('asks for predictions when a task without any is opened', async () => {
    await expectSameTasks(both, project, 'before opening');
    await both.expectSame('the opened task', 'GET', (side) => `/api/tasks/${tasks[side][4]}/`, undefined, {
      tolerate: ['dm-display-strings'],
    });
    for (const side of SIDES) expect(predictCalls(side).at(-1)?.tasks, side).toEqual([tasks[side][4]]);
  });

  it("sends annotation events to the model, in the shapes of Label Studio's webhooks", async () => {
    for (const [index, choice] of TRAINING) {
      await both.ok(
        'POST',
        (side) => `/api/tasks/${tasks[side][index]}/annotations/`,
        { json: { result: sentiment(choice) } },
        201,
      );
    }
    // One more, changed and deleted: the model hears of it, and trains on the three above.
    const extra = await both.ok<{ id: number }>(
      'POST',
      (side) => `/api/tasks/${tasks[side][5]}/annotations/`,
      { json: { result: sentiment('Negative') } },
      201,
    );
    await both.ok('PATCH', (side) => `/api/annotations/${extra[side].id}/`, {
      json: { result: sentiment('Positive') },
    });
    await both.ok('DELETE', (side) => `/api/annotations/${extra[side].id}/`, undefined, 204);
    const events = (side: Side) => callsOf(models[side]).filter((call) => call.startsWith('POST /webhook'));
    await waitFor('six annotation events', () => events('outpost').length >= 6, models.outpost);
    expect(events('ls')).toEqual([
      ...TRAINING.map(() => 'POST /webhook ANNOTATION_CREATED'),
      'POST /webhook ANNOTATION_CREATED',
      'POST /webhook ANNOTATION_UPDATED',
      'POST /webhook ANNOTATIONS_DELETED',
    ]);
    expectSameModelCalls(both, models, 'the events', '/webhook', { known: ['webhook-unkept-project-columns'] });
  });

  it('trains on START_TRAINING with the annotations fetched back, and its model version changes', async () => {
    await both.expectSame('train', 'POST', ml('/train'));
    const known = { known: ['webhook-unkept-project-columns' as const] };
    expectSameModelCalls(both, models, 'the events with START_TRAINING', '/webhook', known);
    for (const side of SIDES) {
      await waitFor(`${side}: a finished training job`, () => models[side].trainingJobs().length > 0, models[side]);
    }
    const jobs = { ls: models.ls.trainingJobs(), outpost: models.outpost.trainingJobs() };
    expect(jobs.outpost.map(({ keywords, tasks: count }) => ({ keywords, count }))).toEqual(
      jobs.ls.map(({ keywords, tasks: count }) => ({ keywords, count })),
    );
    expect(jobs.ls[0]).toMatchObject({ tasks: TRAINING.length, keywords: { lovely: 'Positive', weather: 'Neutral' } });

    const trained = { ls: jobs.ls[0]!.version, outpost: jobs.outpost[0]!.version };
    for (const side of SIDES) {
      await waitFor(
        `${side}: the backend shows the trained version`,
        async () =>
          ((await both.targets[side].send('GET', ml()(side))).body as { model_version: string }).model_version ===
          trained[side],
        models[side],
      );
    }
    const versions = { ls: { [trained.ls]: '<trained version>' }, outpost: { [trained.outpost]: '<trained version>' } };
    await both.expectSame('the trained backend', 'GET', ml(), undefined, withModels(models, {}, versions));

    // The trained model's predictions for every task, asked again: only what is new is sent.
    await retrievePredictions(both, project, pick(TEXTS.map((_, index) => index)));
    for (const side of SIDES) expect(predictCalls(side).at(-1)?.tasks, side).toEqual(tasks[side]);
    const calls = { ls: predictCalls('ls').length, outpost: predictCalls('outpost').length };
    await retrievePredictions(both, project, pick(TEXTS.map((_, index) => index)));
    for (const side of SIDES) expect(predictCalls(side).length, side).toBe(calls[side]);

    await both.expectSame('the stored predictions', 'GET', predictionsOf, undefined, withModels(models, {}, versions));
    // The learnt keywords show: "lovely" and "weather" had no meaning before training.
    type Stored = { task: number; result: unknown; score: number; model_version: string };
    const stored = (await both.ok<Stored[]>('GET', predictionsOf)).ls;
    const latest = (index: number) => stored.filter((p) => p.task === tasks.ls[index]).at(-1)!;
    expect([5, 6].map((index) => [latest(index).result, latest(index).score, latest(index).model_version])).toEqual([
      [sentiment('Positive'), 0.5, trained.ls],
      [sentiment('Neutral'), 0.6667, trained.ls],
    ]);
    await expectSameTasks(both, project, 'after training', withModels(models, {}, versions));
    // What the model was sent for each batch: the tasks with their annotations and predictions.
    expectSameModelCalls(both, models, 'the predict calls', '/predict');
  });
});

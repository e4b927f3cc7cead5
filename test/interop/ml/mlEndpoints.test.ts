import { beforeAll, describe, it } from 'vitest';
import { useBoth } from '../differential/both.js';
import type { Pair } from '../differential/compare.js';
import { SIDES, type Side } from '../differential/targets.js';
import { createPair, type ProjectPair } from '../conformance/projectPair.js';
import { freePort } from '../labelStudio.js';
import {
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
 * The ML endpoints besides connecting and retrieving, side by side with the real model server
 * behind both: the list's filters, predict/test, interactive-annotating, versions, train, changing
 * and deleting a backend, a server that is not there, and a prediction the config does not allow;
 * and what the model server was sent for them. The project holds one task (with an annotation, a
 * prediction and the caller's draft), so predict/test's random task is the same on both.
 */

describe('ML endpoints with a real model server, Outpost against Label Studio', () => {
  const both = useBoth();
  const models = useModelServers();
  let project: ProjectPair;
  const task: Pair<number> = { ls: 0, outpost: 0 };
  let backend: Pair<number>;
  /** Each side's trained model version, once the training case has run. */
  let trained: Pair<Record<string, string>> = { ls: {}, outpost: {} };
  const ml =
    (rest = '') =>
    (side: Side) =>
      `/api/ml/${backend[side]}${rest}`;
  /** Comparison options that also equate each side's project uid (`<id>.<created_at seconds>`) as the model saw it. */
  const withUids = () => {
    const uid = (side: Side) => models[side].requests().find((call) => call.path === '/setup')?.project ?? '?';
    return withModels(
      models,
      {},
      { ls: { [uid('ls')]: '<project uid>' }, outpost: { [uid('outpost')]: '<project uid>' } },
    );
  };

  beforeAll(async () => {
    project = await createPair(both, SENTIMENT_CONFIG, 'One task');
    const imported = await both.ok<{ task_ids: number[] }>(
      'POST',
      project.path('/import?return_task_ids=true'),
      {
        json: [
          {
            data: { text: 'A good day, a bad night' },
            annotations: [{ result: sentiment('Negative') }],
            predictions: [{ result: sentiment('Neutral'), score: 0.25, model_version: 'imported' }],
          },
        ],
      },
      201,
    );
    for (const side of SIDES) task[side] = imported[side].task_ids[0]!;
    // The caller's draft goes to the model with the task when it annotates interactively.
    await both.ok(
      'POST',
      (side) => `/api/tasks/${task[side]}/drafts`,
      { json: { result: sentiment('Positive') } },
      201,
    );
  });

  it('connects an interactive model and lists it, filtered by is_interactive', async () => {
    backend = await connectModel(both, models, project, {
      title: 'interactive',
      is_interactive: true,
      description: 'keywords',
      extra_params: { threshold: 0.5 },
      timeout: 20,
    });
    for (const filter of ['', '&is_interactive=true', '&is_interactive=false', '&is_interactive=bogus']) {
      const path = (side: Side) => `/api/ml?project=${project.ids[side]}${filter}`;
      await both.expectSame(`list ${filter}`, 'GET', path, undefined, withModels(models));
    }
    await both.expectSame('list without a project', 'GET', '/api/ml');
    await both.expectSame('list of an unknown project', 'GET', '/api/ml?project=999999');
  });

  it('tests a prediction on a random task and stores nothing', async () => {
    await both.expectSame('predict/test', 'POST', ml('/predict/test?random=true'), undefined, withUids());
    await both.expectSame('predict/test without random', 'POST', ml('/predict/test'));
    await both.expectSame('no prediction stored', 'GET', (side) => `/api/predictions/?project=${project.ids[side]}`);
  });

  it('annotates interactively: the first result of the model, or why not', async () => {
    const context = { result: sentiment('Positive') };
    const asking = (taskId: (side: Side) => number) => (side: Side) => ({ json: { task: taskId(side), context } });
    await both.expectSame(
      'interactive',
      'POST',
      ml('/interactive-annotating'),
      asking((side) => task[side]),
    );
    await both.expectSame(
      'an unknown task',
      'POST',
      ml('/interactive-annotating'),
      asking(() => 999999),
      {
        known: ['html-404'],
      },
    );
    await both.expectSame('no task', 'POST', ml('/interactive-annotating'), { json: { context } });
    // PUT, not PATCH: Label Studio cannot PATCH a backend (see the next case).
    const off = (side: Side) => ({
      json: { url: models[side].url, project: project.ids[side], is_interactive: false },
    });
    await both.expectSame('not interactive', 'PUT', ml(), off, withModels(models));
    await both.expectSame(
      'interactive, switched off',
      'POST',
      ml('/interactive-annotating'),
      asking((side) => task[side]),
    );
    // What the model was sent: predict/test's task, and the interactive call's task with its context.
    expectSameModelCalls(both, models, 'the predict calls', '/predict');
    (await import('node:fs')).writeFileSync(
      '/tmp/calls2.json',
      JSON.stringify({ ls: models.ls.requests(), outpost: models.outpost.requests() }, null, 1),
    );
  });

  it('stores or refuses a prediction the labeling config does not allow', async () => {
    const misfit = await createPair(both, SENTIMENT_CONFIG, 'Misfit');
    const imported = await both.ok<{ task_ids: number[] }>(
      'POST',
      misfit.path('/import?return_task_ids=true'),
      { json: [{ text: 'A good day', forced_choice: 'Sarcastic' }] },
      201,
    );
    await connectModel(both, models, misfit);
    await retrievePredictions(both, misfit, { ls: imported.ls.task_ids, outpost: imported.outpost.task_ids });
    await both.expectSame(
      'what was stored',
      'GET',
      (side) => `/api/predictions/?project=${misfit.ids[side]}`,
      undefined,
      {
        known: ['misfit-prediction-refused'],
      },
    );
  });

  it('trains on START_TRAINING, and shows the version the model got', async () => {
    await both.expectSame('train', 'POST', ml('/train'));
    for (const side of SIDES) {
      await waitFor(`${side}: a finished training job`, () => models[side].trainingJobs().length > 0, models[side]);
    }
    const version = (side: Side) => ({ [models[side].trainingJobs()[0]!.version]: '<trained version>' });
    trained = { ls: version('ls'), outpost: version('outpost') };
    await both.expectSame('trained', 'GET', ml(), undefined, withModels(models, {}, trained));
  });

  it('changes and deletes a backend', async () => {
    await both.expectSame(
      'patch',
      'PATCH',
      ml(),
      { json: { title: 'renamed' } },
      withModels(models, { known: ['label-studio-500'] }, trained),
    );
    // A PUT sets the title on both sides again, whatever the PATCH did.
    const put = (side: Side) => ({
      json: { url: models[side].url, project: project.ids[side], title: 'put', timeout: 5 },
    });
    await both.expectSame('put', 'PUT', ml(), put, withModels(models, {}, trained));
    await both.expectSame('the project follows the title', 'GET', project.path(), undefined, {
      tolerate: ['project-summary'],
    });
    await both.expectSame(
      'versions',
      'GET',
      ml('/versions'),
      undefined,
      withModels(models, { known: ['ml-error-text'] }),
    );
    await both.expectSame('delete', 'DELETE', ml());
    await both.expectSame('deleted', 'GET', ml(), undefined, { known: ['html-404'] });
    await both.expectSame('train an unknown backend', 'POST', ml('/train'), undefined, { known: ['html-404'] });
  });

  it('refuses a model server that does not answer', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    await both.expectSame(
      'connect to nothing',
      'POST',
      '/api/ml',
      (side) => ({ json: { url: nowhere, project: project.ids[side] } }),
      { known: ['ml-error-text'] },
    );
  });
});

import { beforeAll, describe, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { useBoth } from '../differential/both.js';
import { choice, createPair, TEXT_CONFIG, type ProjectPair } from './projectPair.js';

/* The Data Manager's action list, the forms it loads per action, and model versions, against Label Studio. */

const ACTIONS = [
  'retrieve_tasks_predictions',
  'predictions_to_annotations',
  'remove_duplicates',
  'delete_tasks',
  'delete_tasks_annotations',
  'delete_tasks_predictions',
];

describe('Data Manager actions and model versions, Outpost against Label Studio', () => {
  const both = useBoth();
  let project: ProjectPair;

  beforeAll(async () => {
    project = await createPair(both, TEXT_CONFIG, 'Actions');
    const imported = await both.ok<{ task_ids: number[] }>(
      'POST',
      project.path('/import?return_task_ids=true'),
      {
        json: [
          { data: { text: 'a' }, predictions: [{ result: choice('pos'), model_version: 'older' }] },
          { data: { text: 'b' }, predictions: [{ result: choice('neg'), model_version: 'newer' }] },
        ],
      },
      201,
    );
    const tasks: Pair<number[]> = { ls: imported.ls.task_ids, outpost: imported.outpost.task_ids };
    await both.ok(
      'POST',
      (side) => `/api/tasks/${tasks[side][0]}/annotations/`,
      { json: { result: choice('pos') } },
      201,
    );
  });

  it('lists the actions in order, with null for forms made per project', async () => {
    await both.expectSame('actions', 'GET', (side) => `/api/dm/actions/?project=${project.ids[side]}`);
  });

  it('makes each action form for the project', async () => {
    for (const action of ACTIONS) {
      await both.expectSame(
        `${action} form`,
        'GET',
        (side) => `/api/dm/actions/${action}/form/?project=${project.ids[side]}`,
      );
    }
    await both.ok('PATCH', project.path('/'), { json: { model_version: 'older' } });
    await both.expectSame(
      'the model version form with one chosen',
      'GET',
      (side) => `/api/dm/actions/predictions_to_annotations/form/?project=${project.ids[side]}`,
    );
    await both.expectSame(
      'an unknown action',
      'GET',
      (side) => `/api/dm/actions/nope/form/?project=${project.ids[side]}`,
      undefined,
      {
        known: ['label-studio-500'],
      },
    );
  });

  it('lists and deletes model versions', async () => {
    for (const query of ['', '?extended=true', '?extended=true&include_live_models=true', '?limit=1']) {
      await both.expectSame(`model versions ${query}`, 'GET', project.path(`/model-versions/${query}`));
    }
    await both.expectSame('delete without a version', 'DELETE', project.path('/model-versions/'), { json: {} });
    await both.expectSame('delete one version', 'DELETE', project.path('/model-versions/'), {
      json: { model_version: 'older' },
    });
    await both.expectSame('the project after', 'GET', project.path('/'));
    await both.expectSame('the versions left', 'GET', project.path('/model-versions/'));
  });
});

import { beforeAll, describe, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { useBoth } from '../differential/both.js';
import type { Reply, Side } from '../differential/targets.js';
import { choice, createPair, expectSameTasks, TEXT_CONFIG, type ProjectPair } from './projectPair.js';

/* Annotations, drafts and predictions, and the counters they move, against Label Studio. */

const idOf = (replies: Pair<Reply>) => (side: Side) => (replies[side].body as { id: number }).id;

describe('annotations, drafts and predictions, Outpost against Label Studio', () => {
  const both = useBoth();
  let project: ProjectPair;
  const tasks: Pair<number[]> = { ls: [], outpost: [] };
  const task = (index: number) => (side: Side) => tasks[side][index]!;

  beforeAll(async () => {
    project = await createPair(both, TEXT_CONFIG, 'Annotations');
    const imported = await both.ok<{ task_ids: number[] }>(
      'POST',
      project.path('/import?return_task_ids=true'),
      { json: ['one', 'two', 'three', 'four'].map((text) => ({ text })) },
      201,
    );
    tasks.ls = imported.ls.task_ids;
    tasks.outpost = imported.outpost.task_ids;
  });

  it('creates, reads, changes and deletes annotations', async () => {
    const path = (side: Side) => `/api/tasks/${task(0)(side)}/annotations/`;
    const created = await both.expectSame('create', 'POST', path, {
      json: {
        result: choice('pos'),
        lead_time: 12.5,
        ground_truth: true,
        unique_id: '6f1c2a4e-0000-4000-8000-000000000001',
      },
    });
    await both.expectSame('the same unique_id again', 'POST', path, {
      json: { result: choice('neg'), unique_id: '6f1c2a4e-0000-4000-8000-000000000001' },
    });
    await both.expectSame(
      'a second one, by form',
      'POST',
      path,
      { form: { result: JSON.stringify(choice('neg')) } },
      { known: ['form-null-boolean'] },
    );
    await both.expectSame('no result', 'POST', path, { json: {} });
    await both.expectSame('a result that is not a list', 'POST', path, { json: { result: { x: 1 } } });
    await both.expectSame('an unknown task', 'POST', '/api/tasks/999999/annotations/', { json: { result: [] } });
    await both.expectSame('the list', 'GET', path, undefined, { known: ['form-null-boolean'] });
    const one = (side: Side) => `/api/annotations/${idOf(created)(side)}/`;
    await both.expectSame('get', 'GET', one);
    await both.expectSame('patch', 'PATCH', one, { json: { result: choice('neg'), lead_time: 3 } });
    await both.expectSame('patch to cancelled', 'PATCH', one, { json: { was_cancelled: true } });
    await expectSameTasks(both, project, 'after edits', { known: ['form-null-boolean'] });
    await both.expectSame('delete', 'DELETE', one);
    await both.expectSame('deleted', 'GET', one);
    await expectSameTasks(both, project, 'after a delete', { known: ['form-null-boolean'] });
  });

  it('skips a task, both ways, and counts skips apart', async () => {
    await both.expectSame('skip by body', 'POST', (side) => `/api/tasks/${task(1)(side)}/annotations/`, {
      json: { result: [], was_cancelled: true },
    });
    await both.expectSame(
      'skip by query',
      'POST',
      (side) => `/api/tasks/${task(2)(side)}/annotations/?was_cancelled=1`,
      {
        json: { result: [] },
      },
    );
    await both.expectSame(
      'skips are hidden from the list',
      'GET',
      (side) => `/api/tasks/${task(1)(side)}/annotations/`,
    );
    await expectSameTasks(both, project, 'after skips', { known: ['form-null-boolean'] });
    await both.expectSame('the project counters', 'GET', project.path('/'));
  });

  it('keeps drafts per user, and turns one into an annotation', async () => {
    const path = (side: Side) => `/api/tasks/${task(3)(side)}/drafts`;
    const draft = await both.expectSame('create a draft', 'POST', path, {
      json: { result: choice('pos'), lead_time: 1 },
    });
    await both.expectSame('the drafts', 'GET', path);
    const one = (side: Side) => `/api/drafts/${idOf(draft)(side)}/`;
    await both.expectSame('get a draft', 'GET', one);
    await both.expectSame('patch a draft', 'PATCH', one, { json: { result: choice('neg') } });
    const annotation = await both.expectSame(
      'an annotation from the draft',
      'POST',
      (side) => `/api/tasks/${task(3)(side)}/annotations/`,
      (side) => ({
        json: { result: choice('neg'), draft_id: idOf(draft)(side) },
      }),
    );
    await both.expectSame('the draft went', 'GET', one);
    await both.expectSame(
      'an annotation draft',
      'POST',
      (side) => `/api/tasks/${task(3)(side)}/annotations/${idOf(annotation)(side)}/drafts`,
      {
        json: { result: choice('pos') },
      },
    );
    await expectSameTasks(both, project, 'with drafts', { known: ['form-null-boolean'] });
  });

  it('creates, lists, changes and deletes predictions', async () => {
    const created = await both.expectSame('create', 'POST', '/api/predictions/', (side) => ({
      json: { task: task(1)(side), result: choice('pos'), score: 0.7, model_version: 'v1' },
    }));
    await both.expectSame('create without a task', 'POST', '/api/predictions/', { json: { result: [] } });
    await both.expectSame('list by task', 'GET', (side) => `/api/predictions/?task=${task(1)(side)}`);
    await both.expectSame('list by project', 'GET', (side) => `/api/predictions/?project=${project.ids[side]}`);
    const one = (side: Side) => `/api/predictions/${idOf(created)(side)}/`;
    await both.expectSame('get', 'GET', one);
    await both.expectSame('patch', 'PATCH', one, { json: { score: 0.9, model_version: 'v2' } });
    await both.expectSame('model versions', 'GET', project.path('/model-versions/'));
    await expectSameTasks(both, project, 'with a prediction', { known: ['form-null-boolean'] });
    await both.expectSame('delete', 'DELETE', one);
    await expectSameTasks(both, project, 'without it', {
      known: ['form-null-boolean'],
      tolerate: ['stale-prediction-counter'],
    });
  });
});

import { beforeAll, describe, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { useBoth } from '../differential/both.js';
import type { Side } from '../differential/targets.js';
import { choice, createPair, TEXT_CONFIG, type ProjectPair } from './projectPair.js';

/*
 * Whole numbers in Label Studio's float fields (lead times, scores, weights) against the real
 * server, text included: expectSame also compares how each number is written (`4.0` or `4`).
 */

const TOLERATE = { tolerate: ['dm-display-strings' as const, 'dm-computed-columns' as const] };

describe('float fields, Outpost against Label Studio', () => {
  const both = useBoth();
  let project: ProjectPair;
  const task: Pair<number> = { ls: 0, outpost: 0 };

  beforeAll(async () => {
    project = await createPair(both, TEXT_CONFIG, 'Floats');
    const created = await both.ok<{ id: number }>(
      'POST',
      '/api/tasks/',
      (side: Side) => ({ json: { project: project.ids[side], data: { text: 'whole numbers', n: 4 } } }),
      201,
    );
    task.ls = created.ls.id;
    task.outpost = created.outpost.id;
  });

  it('annotations, drafts and predictions, as written and as read back', async () => {
    await both.expectSame('annotation', 'POST', (side) => `/api/tasks/${task[side]}/annotations/`, {
      json: { result: choice('pos'), lead_time: 4 },
    });
    await both.expectSame('draft', 'POST', (side) => `/api/tasks/${task[side]}/drafts`, {
      json: { result: [], lead_time: 2 },
    });
    await both.expectSame('prediction', 'POST', '/api/predictions/', (side) => ({
      json: { task: task[side], result: choice('neg'), score: 1, model_version: 'v1' },
    }));
    await both.expectSame('the task', 'GET', (side) => `/api/tasks/${task[side]}/`);
    await both.expectSame(
      'the Data Manager list',
      'GET',
      (side) => `/api/tasks/?project=${project.ids[side]}&fields=all`,
      undefined,
      TOLERATE,
    );
  });

  it("a project's weights, computed and set", async () => {
    await both.expectSame('new project', 'GET', project.path('/'));
    await both.expectSame('weights set', 'PATCH', project.path('/'), {
      json: { control_weights: { label: { type: 'Choices', overall: 2, labels: { pos: 3, neg: 0.5 } } } },
    });
    const config = TEXT_CONFIG.replace('<Choice value="neg"/>', '<Choice value="neg"/><Choice value="new"/>');
    await both.expectSame('weights recomputed', 'PATCH', project.path('/'), { json: { label_config: config } });
  });
});

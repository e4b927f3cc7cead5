import { beforeAll, describe, expect, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { useBoth } from '../differential/both.js';
import type { Side } from '../differential/targets.js';
import { TEXT_CONFIG } from './projectPair.js';

/*
 * A task's overlap by the way it was made, in a project that wants two annotations per task:
 * created alone (two endpoints) or imported, then read back, against Label Studio.
 */

describe('task overlap by creation path, Outpost against Label Studio', () => {
  const both = useBoth();
  let projects: Pair<number>;

  beforeAll(async () => {
    const created = await both.ok<{ id: number }>(
      'POST',
      '/api/projects/',
      { json: { title: 'Overlap', label_config: TEXT_CONFIG, maximum_annotations: 2 } },
      201,
    );
    projects = { ls: created.ls.id, outpost: created.outpost.id };
  });

  async function readOverlaps(ids: Pair<number>, what: string): Promise<Pair<unknown>> {
    const replies = await both.expectSame(what, 'GET', (side: Side) => `/api/tasks/${ids[side]}/`);
    return {
      ls: (replies.ls.body as { overlap: unknown }).overlap,
      outpost: (replies.outpost.body as { overlap: unknown }).overlap,
    };
  }

  it('a task created with POST /api/tasks/ or /api/projects/{id}/tasks/', async () => {
    const viaTasks = await both.expectSame('POST /api/tasks/', 'POST', '/api/tasks/', (side) => ({
      json: { project: projects[side], data: { text: 'alone' } },
    }));
    const viaProject = await both.expectSame(
      'POST /api/projects/{id}/tasks/',
      'POST',
      (side) => `/api/projects/${projects[side]}/tasks/`,
      { json: { data: { text: 'alone too' } } },
    );
    for (const replies of [viaTasks, viaProject]) {
      const ids = {
        ls: (replies.ls.body as { id: number }).id,
        outpost: (replies.outpost.body as { id: number }).id,
      };
      const overlaps = await readOverlaps(ids, 'the task created alone');
      expect(overlaps.outpost).toBe(overlaps.ls);
    }
  });

  it('a task imported', async () => {
    const imported = await both.ok<{ task_ids: number[] }>(
      'POST',
      (side) => `/api/projects/${projects[side]}/import?return_task_ids=true`,
      { json: [{ data: { text: 'imported' } }] },
      201,
    );
    const overlaps = await readOverlaps(
      { ls: imported.ls.task_ids[0]!, outpost: imported.outpost.task_ids[0]! },
      'the imported task',
    );
    expect(overlaps.outpost).toBe(overlaps.ls);
  });
});

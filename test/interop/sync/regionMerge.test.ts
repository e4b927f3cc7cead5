import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  BASE,
  HERE,
  MERGED,
  REGION_MERGE_CONFIG as CONFIG,
  THEIRS_MERGED,
  THERE,
} from '../../sync/regionMergeScenario.js';
import { snapshotProject } from './syncSnapshot.js';
import { labelStudioApi, listTasks, startOutpost, type Json, type OutpostServer } from './syncRig.js';

/*
 * Region-level merge against the real Label Studio: one annotation edited here and there between
 * two syncs. Different regions (a moved span here; that span's per-region note and another
 * span's label there) merge with no conflict, and Label Studio ends holding the merge, read back
 * item by item and field by field. One span relabelled differently on both sides is a conflict
 * naming that span, while the other region changed here still reaches Label Studio. A second
 * sync changes nothing on either side.
 */

interface LsAnnotation {
  id: number;
  result: Json[];
  was_cancelled: boolean;
  ground_truth: boolean;
  updated_at: string;
}

/** Each item of a result, field by field: a difference names the item and the field. */
function expectItems(actual: Json[], expected: Json[]): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((item, index) => {
    for (const [field, value] of Object.entries(item)) {
      expect(actual[index]?.[field], `item ${index} (${String(item.id)} ${String(item.from_name)}) ${field}`).toEqual(
        value,
      );
    }
  });
}

describe('region merge with the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let outpost: OutpostServer;
  let remoteId: number;
  let remoteProject: number;
  let localProject: number;
  const remoteAnnotation: Record<string, number> = {};

  beforeAll(async () => {
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(ls.url, ls.user.token);
  });
  afterAll(async () => {
    await outpost?.stop();
  });

  const readThere = (text: string) => remote.call<LsAnnotation>('GET', `/api/annotations/${remoteAnnotation[text]!}/`);

  it('merges edits of different regions and records a clash region by region', async () => {
    remoteProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Region merge', label_config: CONFIG })
    ).id;
    await remote.call('POST', `/api/projects/${remoteProject}/import`, [
      { data: { text: 'merge' } },
      { data: { text: 'clash' } },
    ]);
    for (const task of await listTasks(remote, remoteProject)) {
      const created = await remote.call<{ id: number }>('POST', `/api/tasks/${task.id}/annotations/`, { result: BASE });
      remoteAnnotation[String(task.data.text)] = created.id;
    }
    expect((await outpost.sync(remoteId, [remoteProject])).errors).toEqual([]);
    localProject = await outpost.mirrorOf(remoteId, remoteProject);

    const local = (
      await outpost.api.call<{ tasks: { data: Json; annotations: { id: number }[] }[] }>(
        'GET',
        `/api/tasks/?project=${localProject}&fields=all`,
      )
    ).tasks;
    for (const text of ['merge', 'clash'] as const) {
      const mine = local.find((task) => task.data.text === text)!.annotations[0]!.id;
      await outpost.api.call('PATCH', `/api/annotations/${mine}/`, { result: HERE[text] });
      await remote.call('PATCH', `/api/annotations/${remoteAnnotation[text]!}/`, { result: THERE[text] });
    }

    const run = await outpost.sync(remoteId);
    expect(run.errors).toEqual([]);
    expect(run.stats.conflicts).toBe(1);

    const merged = await readThere('merge');
    expectItems(merged.result, MERGED);
    expect({ was_cancelled: merged.was_cancelled, ground_truth: merged.ground_truth }).toEqual({
      was_cancelled: false,
      ground_truth: false,
    });
    expectItems((await readThere('clash')).result, THEIRS_MERGED);

    const conflicts = await outpost.api.call<Json[]>(
      'GET',
      `/api/outpost/conflicts/?project=${localProject}&resolved=false`,
    );
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      kind: 'edited_on_both_sides',
      local: { result: HERE.clash },
      remote: { result: THEIRS_MERGED },
      regions: { clashes: [{ kind: 'item', here: HERE.clash[0], there: THERE.clash[0] }], merged: 1 },
    });
  });

  it('changes nothing on a second sync', async () => {
    const before = await snapshotProject(remote, remoteProject);
    const mergedAt = (await readThere('merge')).updated_at;
    const clashAt = (await readThere('clash')).updated_at;
    const run = await outpost.sync(remoteId);
    expect(run.errors).toEqual([]);
    expect(run.stats.conflicts).toBe(0);
    expect(Object.values(run.stats.pushed).every((count) => count === 0)).toBe(true);
    expect((await readThere('merge')).updated_at).toBe(mergedAt);
    expect((await readThere('clash')).updated_at).toBe(clashAt);
    expect(await snapshotProject(remote, remoteProject)).toEqual(before);
    const localSnapshot = await snapshotProject(outpost.api, localProject);
    // Here: the same, plus our version of the clash kept beside theirs until someone decides.
    const mergeTask = JSON.stringify({ text: 'merge' });
    expect(localSnapshot[mergeTask]).toEqual(before[mergeTask]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRemoteProjects } from '../../electron/core/sync/engine/remoteProjects.js';
import { createRemoteProject, localSnapshot, remoteSnapshot } from '../helpers/syncRemote.js';
import { startScopeRig, type ScopeRig } from './partialMirrorRig.js';

/*
 * Partial mirrors (docs/sync.md#partial-mirrors) against a second Outpost: a range, a list of
 * ids and the whole project again. Each pull reads whole only the tasks the mirror lacks or holds
 * stale, never lists the project's ids, and never drops a task the mirror holds.
 */

const TEXTS = Array.from({ length: 12 }, (_, index) => `text ${index + 1}`);

describe('partial mirrors by range and by ids', () => {
  let rig: ScopeRig;
  let project: number;
  let ids: number[];

  beforeAll(async () => {
    rig = await startScopeRig();
    ({ projectId: project, taskIds: ids } = await createRemoteProject(rig.remote, TEXTS));
  });

  afterAll(() => rig?.close());

  /** The remote's snapshot of just these tasks, to compare with the mirror's. */
  async function remoteTasks(remoteIds: readonly number[]) {
    const all = await remoteSnapshot(rig.remote, project);
    const texts = remoteIds.map((id) => TEXTS[ids.indexOf(id)]!);
    return Object.fromEntries(Object.entries(all).filter(([text]) => texts.includes(text)));
  }

  it('pulls a range before the first pull, and only it, counting its tasks in the progress', async () => {
    const range = ids.slice(2, 6);
    rig.setScope(project, { kind: 'range', from: range[0]!, to: range.at(-1)! });
    const start = rig.sent.length;
    const result = await rig.sync(project);

    expect(rig.mirrorIds(project)).toEqual(range);
    expect(rig.takeReadWhole()).toEqual(range);
    expect(rig.wholeListings(start)).toEqual([]);
    expect(result.summary.pulled).toMatchObject({ projects: 1, tasks: 4 });
    expect(result.progress.itemCalls.at(-1)).toEqual({ done: 4, total: 4 });
    expect(await localSnapshot(rig.t, rig.localProject(project))).toEqual(await remoteTasks(range));
    // The project list says what the mirror holds of it.
    const listed = (await listRemoteProjects(rig.deps, rig.remoteId)).find((item) => item.id === project);
    expect(listed).toMatchObject({
      mirror: { project: rig.localProject(project), tasks: 4 },
      scope: { kind: 'range', from: range[0], to: range.at(-1) },
    });
  });

  it('grows the range and reads whole only the tasks it did not hold', async () => {
    await rig.remote.api('POST', `/api/tasks/${ids[3]}/annotations/`, {
      result: [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }],
    });
    rig.setScope(project, { kind: 'range', from: ids[2]!, to: ids[8]! });
    const start = rig.sent.length;
    await rig.sync(project);

    // The new ids, and the held task that was annotated there; nothing else.
    expect(rig.takeReadWhole()).toEqual([ids[3]!, ...ids.slice(6, 9)].sort((a, b) => a - b));
    expect(rig.mirrorIds(project)).toEqual(ids.slice(2, 9));
    expect(rig.wholeListings(start)).toEqual([]);
    expect(await localSnapshot(rig.t, rig.localProject(project))).toEqual(await remoteTasks(ids.slice(2, 9)));
  });

  it('re-syncs an unchanged scope without reading any task whole', async () => {
    await rig.sync(project);
    expect(rig.takeReadWhole()).toEqual([]);
  });

  it('narrows to a list of ids without dropping what it holds, and deletes a held task deleted there', async () => {
    rig.setScope(project, { kind: 'ids', ids: [ids[0]!, ids[4]!] });
    await rig.remote.api('DELETE', `/api/tasks/${ids[8]}/`);
    await rig.sync(project);

    // The new id, and the deleted one, asked for once more by id before it goes (as a full pull does).
    expect(rig.takeReadWhole()).toEqual([ids[0]!, ids[8]!]);
    expect(rig.mirrorIds(project)).toEqual([ids[0]!, ...ids.slice(2, 8)]);
  });

  it('goes back to the whole project, reading only the rest, then re-syncs as a whole mirror does', async () => {
    rig.setScope(project, null);
    await rig.sync(project);
    expect(rig.takeReadWhole()).toEqual([ids[1]!, ...ids.slice(9)]);
    const whole = ids.filter((id) => id !== ids[8]);
    expect(rig.mirrorIds(project)).toEqual(whole);
    expect(await localSnapshot(rig.t, rig.localProject(project))).toEqual(await remoteTasks(whole));

    // Now whole: the next pull is the lean incremental one (nothing listed by id, nothing read).
    const start = rig.sent.length;
    await rig.sync(project);
    expect(rig.takeReadWhole()).toEqual([]);
    expect(rig.sent.slice(start).filter((request) => request.params.has('query')).length).toBeGreaterThan(0);
    expect(
      rig.sent.slice(start).filter((request) => (request.params.get('query') ?? '').includes('selectedItems')),
    ).toEqual([]);
  });

  it('goes from whole to a scope keeping every task, reading none whole', async () => {
    const whole = rig.mirrorIds(project);
    rig.setScope(project, { kind: 'range', from: ids[0]!, to: ids[1]! });
    const start = rig.sent.length;
    await rig.sync(project);
    expect(rig.takeReadWhole()).toEqual([]);
    expect(rig.mirrorIds(project)).toEqual(whole);
    expect(rig.wholeListings(start)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { snapshotProject } from './syncSnapshot.js';
import { CHOICES_CONFIG, choice, labelStudioApi, listTasks, startOutpost, type OutpostServer } from './syncRig.js';

/*
 * Every conflict kind against the real Label Studio: the same annotation changed on both sides
 * between two syncs, each resolved one way or another in Outpost, then pushed. What Label Studio
 * holds afterwards is read back through its own API, and the two sides agree.
 */

const BASE = choice('base');
const MINE = choice('mine');
const THEIRS = choice('theirs');
const CONFIG = CHOICES_CONFIG.replace(
  '<Choice value="neg"/>',
  '<Choice value="base"/><Choice value="mine"/><Choice value="theirs"/>',
);

type Kind = 'edited_on_both_sides' | 'edited_here_deleted_there' | 'deleted_here_edited_there' | 'task_deleted_there';
type Resolution = 'keep_mine' | 'keep_theirs' | 'keep_both';

/** Text of the task -> its conflict, the answer given, and the results Label Studio must end with. */
const PLAN: Record<string, { kind: Kind; resolution: Resolution; expected: unknown[][] | null }> = {
  'both, mine': { kind: 'edited_on_both_sides', resolution: 'keep_mine', expected: [MINE] },
  'both, theirs': { kind: 'edited_on_both_sides', resolution: 'keep_theirs', expected: [THEIRS] },
  'both, both': { kind: 'edited_on_both_sides', resolution: 'keep_both', expected: [MINE, THEIRS] },
  'gone there, mine': { kind: 'edited_here_deleted_there', resolution: 'keep_mine', expected: [MINE] },
  'gone there, theirs': { kind: 'edited_here_deleted_there', resolution: 'keep_theirs', expected: [] },
  'gone here, theirs': { kind: 'deleted_here_edited_there', resolution: 'keep_theirs', expected: [THEIRS] },
  'gone here, mine': { kind: 'deleted_here_edited_there', resolution: 'keep_mine', expected: [] },
  // The task itself deleted there while it held new work here.
  'task gone, mine': { kind: 'task_deleted_there', resolution: 'keep_mine', expected: [BASE, MINE] },
  'task gone, theirs': { kind: 'task_deleted_there', resolution: 'keep_theirs', expected: null },
};

describe('conflicts with the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let outpost: OutpostServer;
  let remoteId: number;
  let remoteProject: number;
  let localProject: number;

  beforeAll(async () => {
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(ls.url, ls.user.token);
  });
  afterAll(async () => {
    await outpost?.stop();
  });

  const byText = async <T extends { data: Record<string, unknown> }>(tasks: T[]) =>
    new Map(tasks.map((task) => [String(task.data.text), task]));

  it('records each kind once when both sides changed the same work', async () => {
    remoteProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Conflicts', label_config: CONFIG })
    ).id;
    const texts = Object.keys(PLAN);
    await remote.call(
      'POST',
      `/api/projects/${remoteProject}/import`,
      texts.map((text) => ({ data: { text } })),
    );
    for (const task of await listTasks(remote, remoteProject)) {
      await remote.call('POST', `/api/tasks/${task.id}/annotations/`, { result: BASE });
    }
    expect((await outpost.sync(remoteId, [remoteProject])).errors).toEqual([]);
    localProject = await outpost.mirrorOf(remoteId, remoteProject);

    const local = await byText(
      (
        await outpost.api.call<{
          tasks: { id: number; data: Record<string, unknown>; annotations: { id: number }[] }[];
        }>('GET', `/api/tasks/?project=${localProject}&fields=all`)
      ).tasks,
    );
    const there = await byText(await listTasks(remote, remoteProject));
    for (const [text, { kind }] of Object.entries(PLAN)) {
      const mine = local.get(text)!;
      const theirs = there.get(text)!;
      const localAnnotation = `/api/annotations/${mine.annotations[0]!.id}/`;
      const remoteAnnotation = `/api/annotations/${theirs.annotations[0]!.id}/`;
      if (kind === 'edited_on_both_sides') {
        await outpost.api.call('PATCH', localAnnotation, { result: MINE });
        await remote.call('PATCH', remoteAnnotation, { result: THEIRS });
      } else if (kind === 'edited_here_deleted_there') {
        await outpost.api.call('PATCH', localAnnotation, { result: MINE });
        await remote.call('DELETE', remoteAnnotation);
      } else if (kind === 'deleted_here_edited_there') {
        await outpost.api.call('DELETE', localAnnotation);
        await remote.call('PATCH', remoteAnnotation, { result: THEIRS });
      } else {
        await outpost.api.call('POST', `/api/tasks/${mine.id}/annotations/`, { result: MINE });
        await remote.call('DELETE', `/api/tasks/${theirs.id}/`);
      }
    }

    const run = await outpost.sync(remoteId);
    expect(run.status).toBe('completed');
    expect(run.stats.conflicts).toBe(texts.length);
    const conflicts = await outpost.api.call<{ id: number; kind: string; task: number }[]>(
      'GET',
      `/api/outpost/conflicts/?project=${localProject}&resolved=false`,
    );
    const textOf = new Map([...local.values()].map((task) => [task.id, String(task.data.text)]));
    expect(Object.fromEntries(conflicts.map((conflict) => [textOf.get(conflict.task), conflict.kind]))).toEqual(
      Object.fromEntries(texts.map((text) => [text, PLAN[text]!.kind])),
    );
  });

  it('pushes each answer, and Label Studio ends with exactly the chosen work', async () => {
    const local = await byText(
      (
        await outpost.api.call<{ tasks: { id: number; data: Record<string, unknown> }[] }>(
          'GET',
          `/api/tasks/?project=${localProject}`,
        )
      ).tasks,
    );
    const taskText = new Map([...local.values()].map((task) => [task.id, String(task.data.text)]));
    const conflicts = await outpost.api.call<{ id: number; task: number }[]>(
      'GET',
      `/api/outpost/conflicts/?project=${localProject}&resolved=false`,
    );
    for (const conflict of conflicts) {
      const { resolution } = PLAN[taskText.get(conflict.task)!]!;
      await outpost.api.call('POST', `/api/outpost/conflicts/${conflict.id}/resolve`, { resolution });
    }

    const run = await outpost.sync(remoteId);
    expect(run.errors).toEqual([]);
    expect(run.stats.conflicts).toBe(0);

    const there = await listTasks(remote, remoteProject);
    const sortedResults = (task: (typeof there)[number]) =>
      task.annotations
        .map((annotation) => annotation.result)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const actual = Object.fromEntries(there.map((task) => [String(task.data.text), sortedResults(task)]));
    const expected = Object.fromEntries(
      Object.entries(PLAN)
        .filter(([, plan]) => plan.expected !== null)
        .map(([text, plan]) => [text, plan.expected]),
    );
    expect(actual).toEqual(expected);
    expect(
      await outpost.api.call<unknown[]>('GET', `/api/outpost/conflicts/?project=${localProject}&resolved=false`),
    ).toEqual([]);
    expect(await snapshotProject(outpost.api, localProject)).toEqual(await snapshotProject(remote, remoteProject));
  });
});

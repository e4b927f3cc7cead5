import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { snapshotProject } from './syncSnapshot.js';
import { CHOICES_CONFIG, choice, labelStudioApi, listTasks, startOutpost, type OutpostServer } from './syncRig.js';

/*
 * The ground-truth mark against the real Label Studio, both ways. A team lead marks (or unmarks)
 * an annotation whose result nobody touched; the next sync must carry the mark to the other side,
 * with no annotation added or lost, and Label Studio's one-ground-truth-per-task rule holding on
 * both sides. Each step reads Label Studio back through its own API.
 */

interface LocalTask {
  id: number;
  data: Record<string, unknown>;
  annotations: { id: number; ground_truth: boolean; result: unknown }[];
}

describe('ground truth synced with the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let outpost: OutpostServer;
  let remoteId: number;
  let remoteProject: number;
  let localProject: number;

  beforeAll(async () => {
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(ls.url, ls.user.token);
    remoteProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', {
        title: 'Ground truth',
        label_config: CHOICES_CONFIG,
      })
    ).id;
    await remote.call(
      'POST',
      `/api/projects/${remoteProject}/import`,
      ['marked here', 'marked there', 'two annotations'].map((text) => ({ data: { text } })),
    );
    for (const task of await listTasks(remote, remoteProject)) {
      await remote.call('POST', `/api/tasks/${task.id}/annotations/`, { result: choice('pos') });
      if (task.data.text === 'two annotations') {
        await remote.call('POST', `/api/tasks/${task.id}/annotations/`, { result: choice('neg') });
      }
    }
    expect((await outpost.sync(remoteId, [remoteProject])).errors).toEqual([]);
    localProject = await outpost.mirrorOf(remoteId, remoteProject);
  });
  afterAll(async () => {
    await outpost?.stop();
  });

  async function localTasks(): Promise<Map<string, LocalTask>> {
    const page = await outpost.api.call<{ tasks: LocalTask[] }>(
      'GET',
      `/api/tasks/?project=${localProject}&fields=all`,
    );
    return new Map(page.tasks.map((task) => [String(task.data.text), task]));
  }

  async function remoteTasks() {
    return new Map((await listTasks(remote, remoteProject)).map((task) => [String(task.data.text), task]));
  }

  /** Which annotations (by result) are ground truth, per task text, on one side. */
  function marks(tasks: Map<string, { annotations: { ground_truth: boolean; result: unknown }[] }>) {
    return Object.fromEntries(
      [...tasks].map(([text, task]) => [
        text,
        task.annotations.map((annotation) => `${JSON.stringify(annotation.result)}=${annotation.ground_truth}`).sort(),
      ]),
    );
  }

  async function syncAndCompare() {
    const run = await outpost.sync(remoteId);
    expect(run.errors).toEqual([]);
    expect(run.stats.conflicts).toBe(0);
    expect(await snapshotProject(outpost.api, localProject)).toEqual(await snapshotProject(remote, remoteProject));
  }

  it('a mark set here, on an otherwise unchanged annotation, reaches Label Studio', async () => {
    const annotation = (await localTasks()).get('marked here')!.annotations[0]!;
    await outpost.api.call('PATCH', `/api/annotations/${annotation.id}/`, { ground_truth: true });

    await syncAndCompare();
    const there = (await remoteTasks()).get('marked here')!;
    expect(there.annotations.map((each) => each.ground_truth)).toEqual([true]);
  });

  it('a mark set in Label Studio, on an otherwise unchanged annotation, comes here', async () => {
    const there = (await remoteTasks()).get('marked there')!;
    await remote.call('PATCH', `/api/annotations/${there.annotations[0]!.id}/`, { ground_truth: true });

    await syncAndCompare();
    const here = (await localTasks()).get('marked there')!;
    expect(here.annotations.map((each) => each.ground_truth)).toEqual([true]);
  });

  it('a mark taken off on either side is taken off on the other', async () => {
    const hereBefore = (await localTasks()).get('marked there')!;
    await outpost.api.call('PATCH', `/api/annotations/${hereBefore.annotations[0]!.id}/`, { ground_truth: false });
    const thereBefore = (await remoteTasks()).get('marked here')!;
    await remote.call('PATCH', `/api/annotations/${thereBefore.annotations[0]!.id}/`, { ground_truth: false });

    await syncAndCompare();
    const expected = { 'marked here': [`${JSON.stringify(choice('pos'))}=false`] };
    expect(marks(await remoteTasks())).toMatchObject(expected);
    expect(marks(await localTasks())).toMatchObject(expected);
    expect((await remoteTasks()).get('marked there')!.annotations[0]!.ground_truth).toBe(false);
    expect((await localTasks()).get('marked there')!.annotations[0]!.ground_truth).toBe(false);
  });

  it('one ground truth per task: a mark moved here, then moved back there, ends the same on both sides', async () => {
    const pos = JSON.stringify(choice('pos'));
    const neg = JSON.stringify(choice('neg'));
    const resultOf = (annotation: { result: unknown }) => JSON.stringify(annotation.result);

    // Here: first the pos annotation, then the neg one (Outpost takes the mark off pos, as Label Studio does).
    const here = (await localTasks()).get('two annotations')!;
    for (const wanted of [pos, neg]) {
      const annotation = here.annotations.find((each) => resultOf(each) === wanted)!;
      await outpost.api.call('PATCH', `/api/annotations/${annotation.id}/`, { ground_truth: true });
    }
    await syncAndCompare();
    expect(marks(await remoteTasks())['two annotations']).toEqual([`${neg}=true`, `${pos}=false`]);

    // There: the mark back on pos; Label Studio takes it off neg without saving neg.
    const there = (await remoteTasks()).get('two annotations')!;
    const remotePos = there.annotations.find((each) => resultOf(each) === pos)!;
    await remote.call('PATCH', `/api/annotations/${remotePos.id}/`, { ground_truth: true });
    await syncAndCompare();
    expect(marks(await localTasks())['two annotations']).toEqual([`${neg}=false`, `${pos}=true`]);
    expect((await localTasks()).get('two annotations')!.annotations).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { SIDES, type Side, type Target } from '../differential/targets.js';
import { choice, TEXT_CONFIG } from './projectPair.js';
import { startStreamServers, type StreamServers } from './streamAnnotators.js';

/*
 * Which tasks are in the overlap cohort (overlap = maximum_annotations) and which are labeled,
 * against Label Studio, as settings change and tasks go: the same project on both servers, with
 * some work on it by two people, read back by inner_id after each step.
 */

type PerSide<T> = T | ((side: Side) => T);
const resolve = <T>(value: PerSide<T>, side: Side): T =>
  typeof value === 'function' ? (value as (side: Side) => T)(side) : value;

interface TaskState {
  id: number;
  inner_id: number;
  overlap: number;
  is_labeled: boolean;
}

describe('the overlap cohort as settings change and tasks go, Outpost against Label Studio', () => {
  let servers: StreamServers;
  const project: Pair<number> = { ls: 0, outpost: 0 };
  const projectPath = (rest: string) => (side: Side) => `/api/projects/${project[side]}${rest}`;

  /** The same request as the owner on both sides; each must answer `status`. */
  async function ok<T>(method: string, path: PerSide<string>, json?: PerSide<unknown>, status = 200) {
    const bodies: Partial<Pair<T>> = {};
    for (const side of SIDES) {
      const target: Target = servers.owner[side];
      const body = json === undefined ? undefined : resolve(json, side);
      const reply = await target.send(method, resolve(path, side), body === undefined ? {} : { json: body });
      expect(reply.status, `${side} ${method}: ${reply.text.slice(0, 300)}`).toBe(status);
      bodies[side] = reply.body as T;
    }
    return bodies as Pair<T>;
  }

  async function states(): Promise<Pair<TaskState[]>> {
    const pages = await ok<{ tasks: TaskState[] }>(
      'GET',
      (side) => `/api/tasks/?project=${project[side]}&page_size=1000`,
    );
    const pick = (tasks: TaskState[]) =>
      tasks
        .map(({ id, inner_id, overlap, is_labeled }) => ({ id, inner_id, overlap, is_labeled }))
        .sort((a, b) => a.inner_id - b.inner_id);
    return { ls: pick(pages.ls.tasks), outpost: pick(pages.outpost.tasks) };
  }

  async function expectSameStates(what: string): Promise<Pair<TaskState[]>> {
    const now = await states();
    const comparable = (list: TaskState[]) => list.map(({ id: _id, ...rest }) => rest);
    expect(comparable(now.outpost), what).toEqual(comparable(now.ls));
    return now;
  }

  const cohort = (list: TaskState[]) => list.filter((task) => task.overlap > 1).map((task) => task.inner_id);

  beforeAll(async () => {
    servers = await startStreamServers(['cohort-a@example.com']);
    const made = await ok<{ id: number }>(
      'POST',
      '/api/projects/',
      { title: 'Overlap cohort', label_config: TEXT_CONFIG, maximum_annotations: 2 },
      201,
    );
    project.ls = made.ls.id;
    project.outpost = made.outpost.id;
    const data = Array.from({ length: 10 }, (_, index) => ({ text: `task ${index}` }));
    await ok('POST', projectPath('/import'), data, 201);
  });
  afterAll(async () => {
    await servers?.stop();
  });

  it('an import at 100 % puts every task in the cohort; work then lands on the last tasks', async () => {
    const imported = await expectSameStates('after the import');
    expect(cohort(imported.ls)).toHaveLength(10);
    // Inner 10 finished by two people, one annotation on 9, a skip on 8: the most annotated go first.
    for (const side of SIDES) {
      const byInner = new Map(imported[side].map((task) => [task.inner_id, task.id]));
      const post = (who: Target, inner: number, body: Record<string, unknown>) =>
        who.send('POST', `/api/tasks/${byInner.get(inner)}/annotations/`, { json: body });
      const [owner, other] = [servers.owner[side], servers.annotators[0]![side]];
      for (const [who, inner, body] of [
        [owner, 10, { result: choice('pos') }],
        [other, 10, { result: choice('neg') }],
        [owner, 9, { result: choice('pos') }],
        [owner, 8, { result: [], was_cancelled: true }],
      ] as const) {
        expect((await post(who, inner, body)).status).toBe(201);
      }
    }
    await expectSameStates('after the work');
  });

  it('two annotations by one person do not finish a task that wants two: people are counted', async () => {
    const before = await states();
    for (const side of SIDES) {
      const task = before[side].find((each) => each.inner_id === 7)!.id;
      for (const label of ['pos', 'neg']) {
        const reply = await servers.owner[side].send('POST', `/api/tasks/${task}/annotations/`, {
          json: { result: choice(label) },
        });
        expect(reply.status).toBe(201);
      }
    }
    const after = await expectSameStates('after one person annotated a task twice');
    expect(after.ls.find((task) => task.inner_id === 7)!.is_labeled).toBe(false);
  });

  it('a new percentage redraws the cohort: full tasks first, then the most annotated', async () => {
    await ok('PATCH', projectPath('/'), { overlap_cohort_percentage: 40 });
    const redrawn = await expectSameStates('at 40 %');
    expect(cohort(redrawn.ls)).toHaveLength(4);
    await ok('PATCH', projectPath('/'), { maximum_annotations: 3 });
    await expectSameStates('a new maximum moves the cohort only');
    await ok('PATCH', projectPath('/'), { maximum_annotations: 2, overlap_cohort_percentage: 25 });
    await expectSameStates('both at once');
  });

  it('deleting tasks, alone or by the Data Manager action, redraws it', async () => {
    let now = await states();
    const idOf = (side: Side, inner: number) => now[side].find((task) => task.inner_id === inner)!.id;
    await ok('DELETE', (side) => `/api/tasks/${idOf(side, 10)}/`, undefined, 204);
    now = await expectSameStates('after one task was deleted');
    await ok(
      'POST',
      (side) => `/api/dm/actions/?id=delete_tasks&project=${project[side]}`,
      (side: Side) => ({ selectedItems: { all: false, included: [idOf(side, 9), idOf(side, 1)] } }),
    );
    await expectSameStates('after the delete_tasks action');
    await ok('PATCH', projectPath('/'), { overlap_cohort_percentage: 100 });
    const all = await expectSameStates('back at 100 %');
    expect(cohort(all.ls)).toHaveLength(7);
  });
});

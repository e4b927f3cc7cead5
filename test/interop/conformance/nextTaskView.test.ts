import { describe, expect, it } from 'vitest';
import { expectSame, type Pair } from '../differential/compare.js';
import { useBoth, type Both } from '../differential/both.js';
import { SIDES, type Side } from '../differential/targets.js';
import { choice, createPair, TEXT_CONFIG, type ProjectPair } from './projectPair.js';

/*
 * The label stream of a Data Manager tab (`GET /api/projects/{id}/next?view=`) against Label
 * Studio: the same project on both servers, then ask, annotate, ask again until both say there
 * is nothing left, comparing which task (by inner_id) and which queue each step gave.
 */

const RANKS = ['r09', 'r03', 'r11', 'r00', 'r07', 'r01', 'r05', 'r10', 'r02', 'r08', 'r04', 'r06'];
const KEEP_FILTER = {
  conjunction: 'and',
  items: [{ filter: 'filter:tasks:data.group', operator: 'equal', type: 'String', value: 'keep' }],
};

/** The query string each server gets (view ids differ between them). */
type PerSideQuery = (side: Side) => string;

interface Step {
  inner: number;
  queue: string;
}

/** Twelve tasks; every third in group "drop", the others "keep"; ranks out of id order, two keep tasks without one. */
async function rankedProject(both: Both, sampling: string): Promise<ProjectPair> {
  const project = await createPair(both, TEXT_CONFIG, `Stream ${sampling}`);
  await both.ok('PATCH', project.path('/'), { json: { sampling } });
  const tasks = RANKS.map((rank, index) => {
    const group = index % 3 ? 'keep' : 'drop';
    return { data: index === 4 || index === 10 ? { text: `t${index}`, group } : { text: `t${index}`, group, rank } };
  });
  await both.ok('POST', project.path('/import'), { json: tasks }, 201);
  return project;
}

async function createView(both: Both, project: ProjectPair, data: Record<string, unknown>): Promise<Pair<number>> {
  const created = await both.ok<{ id: number }>(
    'POST',
    '/api/dm/views/',
    (side) => ({ json: { project: project.ids[side], data } }),
    201,
  );
  return { ls: created.ls.id, outpost: created.outpost.id };
}

/** Asks each server for its next task with `query` and annotates it, until both have none left. */
async function walk(both: Both, project: ProjectPair, query: PerSideQuery): Promise<Pair<Step[]>> {
  const steps: Pair<Step[]> = { ls: [], outpost: [] };
  for (let round = 0; round <= RANKS.length; round++) {
    const replies = await both.send('GET', (side) => project.path(`/next/${query(side)}`)(side));
    if (replies.ls.status !== 200 || replies.outpost.status !== 200) {
      expectSame(`round ${round}: the answer once one server has no task left`, replies, both.targets);
      return steps;
    }
    for (const side of SIDES) {
      const task = replies[side].body as { id: number; inner_id: number; queue: string };
      steps[side].push({ inner: task.inner_id, queue: task.queue });
      const annotated = await both.targets[side].send('POST', `/api/tasks/${task.id}/annotations/`, {
        json: { result: choice('pos') },
      });
      expect(annotated.status, `${side} annotates task ${task.id}`).toBe(201);
    }
  }
  throw new Error(`the stream did not end after ${RANKS.length} tasks`);
}

describe('the label stream of a Data Manager view, Outpost against Label Studio', () => {
  const both = useBoth();

  it("Sequential sampling: the view's tasks in its order (a data field), then no tasks", async () => {
    const project = await rankedProject(both, 'Sequential sampling');
    const view = await createView(both, project, { filters: KEEP_FILTER, ordering: ['tasks:data.rank'] });
    const steps = await walk(both, project, (side) => `?view=${view[side]}`);
    expect(steps.ls).toHaveLength(8);
    expect(steps.outpost).toEqual(steps.ls);
  });

  it('Sequential sampling by -id, after a task outside the view was locked without it', async () => {
    const project = await rankedProject(both, 'Sequential sampling');
    const view = await createView(both, project, { filters: KEEP_FILTER, ordering: ['-tasks:id'] });
    const locked = await both.send('GET', project.path('/next/'));
    expect((locked.outpost.body as Step).queue).toBe((locked.ls.body as Step).queue);
    const steps = await walk(both, project, (side) => `?view=${view[side]}`);
    expect(steps.ls).toHaveLength(8);
    expect(steps.outpost).toEqual(steps.ls);
  });

  it('Sequential sampling with ground truth first, where no task has ground truth', async () => {
    const project = await rankedProject(both, 'Sequential sampling');
    await both.ok('PATCH', project.path('/'), { json: { show_ground_truth_first: true } });
    const view = await createView(both, project, { filters: KEEP_FILTER, ordering: ['tasks:data.rank'] });
    const steps = await walk(both, project, (side) => `?view=${view[side]}`);
    expect(steps.ls).toHaveLength(8);
    expect(steps.outpost).toEqual(steps.ls);
  });

  it('Sequential sampling with a query of filters and ordering instead of a view', async () => {
    const project = await rankedProject(both, 'Sequential sampling');
    const query = encodeURIComponent(JSON.stringify({ filters: KEEP_FILTER, ordering: ['-tasks:data.rank'] }));
    const steps = await walk(both, project, () => `?query=${query}`);
    expect(steps.ls).toHaveLength(8);
    expect(steps.outpost).toEqual(steps.ls);
  });

  it("Uniform sampling: random among the view's tasks, so the same tasks and queues in any order", async () => {
    const project = await rankedProject(both, 'Uniform sampling');
    const view = await createView(both, project, { filters: KEEP_FILTER, ordering: ['tasks:data.rank'] });
    const steps = await walk(both, project, (side) => `?view=${view[side]}`);
    const sorted = (list: Step[]) => [...list].sort((a, b) => a.inner - b.inner);
    expect(steps.ls).toHaveLength(8);
    expect(sorted(steps.outpost)).toEqual(sorted(steps.ls));
  });

  it('a view of another project or none at all', async () => {
    const project = await rankedProject(both, 'Sequential sampling');
    const other = await createPair(both, TEXT_CONFIG, 'Stream other');
    const foreign = await createView(both, other, { filters: KEEP_FILTER });
    await both.expectSame(
      'a view of another project',
      'GET',
      (side) => project.path(`/next/?view=${foreign[side]}`)(side),
      undefined,
      { known: ['label-studio-500'] },
    );
    await both.expectSame('an unknown view', 'GET', project.path('/next/?view=99999'));
    await both.expectSame('a view that is not a number', 'GET', project.path('/next/?view=abc'));
    await both.expectSame('a missing project with such a view', 'GET', '/api/projects/999999/next/?view=abc');
  });
});

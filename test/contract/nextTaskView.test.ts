import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { call, choices, createProject, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/* The label stream following a Data Manager view or query: `GET /api/projects/{id}/next?view=`. */

const RANKS = ['r5', 'r2', 'r7', 'r0', 'r6', 'r1', 'r3', 'r4'];
const KEEP_FILTER = {
  conjunction: 'and',
  items: [{ filter: 'filter:tasks:data.group', operator: 'equal', type: 'String', value: 'keep' }],
};

/** Eight tasks; every third is in group "drop", the others in "keep"; ranks out of id order. */
async function rankedProject(projectBody: Record<string, unknown> = {}) {
  const t = await createTestApp();
  const project = await createProject(t, projectBody);
  const data = RANKS.map((rank, index) => ({ text: `t${index}`, group: index % 3 === 0 ? 'drop' : 'keep', rank }));
  const imported = await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, data);
  const tasks = imported.body.task_ids as number[];
  const kept = tasks.filter((_, index) => index % 3 !== 0);
  const byRank = [...kept].sort((a, b) => RANKS[tasks.indexOf(a)]!.localeCompare(RANKS[tasks.indexOf(b)]!));
  return { t, project, tasks, kept, byRank };
}

async function createView(t: TestApp, project: number, data: Record<string, unknown>): Promise<number> {
  const created = await call(t, 'POST', '/api/dm/views/', { project, data });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

function next(t: TestApp, project: number, query = '') {
  return call(t, 'GET', `/api/projects/${project}/next/${query}`);
}

/** Asks for the next task and annotates it until the stream is empty; the ids in the order given. */
async function drain(t: TestApp, project: number, query: string) {
  const seen: { id: number; queue: string }[] = [];
  for (;;) {
    const reply = await next(t, project, query);
    if (reply.status === 404) return { seen, last: reply };
    expect(reply.status).toBe(200);
    seen.push({ id: reply.body.id, queue: reply.body.queue });
    expect((await call(t, 'POST', `/api/tasks/${reply.body.id}/annotations/`, { result: choices('pos') })).status).toBe(
      201,
    );
  }
}

describe('GET /api/projects/{id}/next?view= (the stream of a Data Manager tab)', () => {
  it("Sequential sampling walks the view's tasks in its order, then says there are none left", async () => {
    const { t, project, byRank } = await rankedProject();
    const view = await createView(t, project, { filters: KEEP_FILTER, ordering: ['tasks:data.rank'] });
    const { seen, last } = await drain(t, project, `?view=${view}`);
    expect(seen).toEqual(byRank.map((id) => ({ id, queue: 'Sequence queue' })));
    await expectEnvelope(last.response, 404, 'There are no tasks for annotator@outpost.local');
    // The tasks the view leaves out are still open outside it.
    expect((await next(t, project)).status).toBe(200);
  });

  it("a task the caller holds comes back first in the view's order, and one outside the view does not", async () => {
    const { t, project, tasks, kept } = await rankedProject();
    const view = await createView(t, project, { filters: KEEP_FILTER, ordering: ['-tasks:id'] });
    // Without the view the first task (left out by the view) is taken and locked.
    expect((await next(t, project)).body.id).toBe(tasks[0]);
    const first = await next(t, project, `?view=${view}`);
    expect(first.body).toMatchObject({ id: kept.at(-1), queue: 'Sequence queue' });
    expect((await next(t, project, `?view=${view}`)).body).toMatchObject({ id: kept.at(-1), queue: 'Task lock' });
    // Without the view, the lock step walks the tasks by id again.
    expect((await next(t, project)).body).toMatchObject({ id: tasks[0], queue: 'Task lock' });
  });

  it("Uniform sampling picks among the view's tasks only", async () => {
    const { t, project, kept } = await rankedProject({ sampling: 'Uniform sampling' });
    const view = await createView(t, project, { filters: KEEP_FILTER, ordering: ['tasks:data.rank'] });
    const { seen } = await drain(t, project, `?view=${view}`);
    expect(seen.map((each) => each.id).sort((a, b) => a - b)).toEqual(kept);
    expect(new Set(seen.map((each) => each.queue))).toEqual(new Set(['Uniform random queue']));
  });

  it("postponed drafts come back only when they are among the view's tasks", async () => {
    const { t, project, tasks, byRank } = await rankedProject();
    const view = await createView(t, project, { filters: KEEP_FILTER, ordering: ['tasks:data.rank'] });
    await call(t, 'POST', `/api/tasks/${tasks[0]}/drafts`, { result: [], was_postponed: true });
    await call(t, 'POST', `/api/tasks/${byRank[0]}/drafts`, { result: [], was_postponed: true });
    const { seen } = await drain(t, project, `?view=${view}`);
    expect(seen.map((each) => each.id)).toEqual([...byRank.slice(1), byRank[0]]);
    expect(seen.at(-1)!.queue).toBe('Postponed draft queue');
  });

  it('a query with filters and ordering does the same without a view', async () => {
    const { t, project, byRank } = await rankedProject();
    const query = encodeURIComponent(JSON.stringify({ filters: KEEP_FILTER, ordering: ['-tasks:data.rank'] }));
    const { seen } = await drain(t, project, `?query=${query}`);
    expect(seen.map((each) => each.id)).toEqual([...byRank].reverse());
  });

  it('orders NULLs last in both directions, and equal values by ascending id, as Label Studio on SQLite', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const data = [{ rank: 'b' }, {}, { rank: 'a' }, { rank: 'b' }, {}].map((each, index) => ({
      text: `t${index}`,
      ...each,
    }));
    const tasks = (await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, data)).body
      .task_ids as number[];
    const ascending = await createView(t, project, { ordering: ['tasks:data.rank'] });
    const descending = await createView(t, project, { ordering: ['-tasks:data.rank'] });
    const order = (indexes: number[]) => indexes.map((index) => tasks[index]);
    // Each walk locks every task it visits, so the two walks use separate exclusions, not annotations.
    const walkExcluding = async (view: number) => {
      const ids: number[] = [];
      for (;;) {
        const reply = await next(t, project, `?view=${view}&exclude=${ids.join(',')}`);
        if (reply.status !== 200) return ids;
        ids.push(reply.body.id as number);
      }
    };
    expect(await walkExcluding(ascending)).toEqual(order([2, 0, 3, 1, 4]));
    t.db.prepare('DELETE FROM task_locks').run();
    expect(await walkExcluding(descending)).toEqual(order([0, 3, 2, 1, 4]));
  });

  it("answers a view of another project, an unknown view and a malformed one in Label Studio's envelope", async () => {
    const { t, project } = await rankedProject();
    const otherProject = await createProject(t);
    const foreign = await createView(t, otherProject, { filters: KEEP_FILTER });
    await expectEnvelope((await next(t, project, `?view=${foreign}`)).response, 400, 'Project and View mismatch');
    await expectEnvelope((await next(t, project, '?view=99999')).response, 404, 'No View matches the given query.');
    await expectEnvelope((await next(t, project, '?view=abc')).response, 400, 'Validation error', {
      view: 'Incorrect value in key "view" = "abc". It should be digit string.',
    });
    // The project is judged first: a missing one is a 404 whatever the parameters.
    for (const query of [`?view=${foreign}`, '?view=abc', '?exclude=x']) {
      await expectEnvelope((await next(t, 99999, query)).response, 404, 'No Project matches the given query.');
    }
  });
});

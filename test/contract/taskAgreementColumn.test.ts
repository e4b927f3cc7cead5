import { describe, expect, it } from 'vitest';
import { getJson, taskListPath } from '../helpers/dmData.js';
import { call, createProject, createTask, insertOtherUser, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The stored per-task agreement (tasks.agreement) through the API: kept current by every
 * annotation write, and sorted and filtered as the Data Manager's `agreement` column. The scores
 * are Choices answers, compared by the overlap of the chosen sets: the same choice 1, another
 * choice 0, {pos, neg} against {pos} 1/2.
 */

const answer = (...chosen: string[]) => [
  { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: chosen } },
];

async function annotate(t: TestApp, task: number, by: number, chosen: string[], extra: Record<string, unknown> = {}) {
  const { status, body } = await call(t, 'POST', `/api/tasks/${task}/annotations/`, {
    result: answer(...chosen),
    completed_by: by,
    ...extra,
  });
  if (status !== 201) throw new Error(`annotation create failed: ${status} ${JSON.stringify(body)}`);
  return (body as { id: number }).id;
}

function storedAgreement(t: TestApp, task: number): number | null {
  return t.db.prepare('SELECT agreement FROM tasks WHERE id = ?').pluck().get(task) as number | null;
}

/** The agreement the Data Manager's task list shows for a task. */
async function listedAgreement(t: TestApp, project: number, task: number): Promise<number | null> {
  const { body } = await getJson(t, `/api/tasks/?project=${project}&fields=task_only&page_size=100`);
  return (body.tasks as { id: number; agreement: number | null }[]).find((row) => row.id === task)!.agreement;
}

async function projectWithAnnotators() {
  const t = await createTestApp();
  const project = await createProject(t);
  const [second, third] = [insertOtherUser(t, 'b@example.com'), insertOtherUser(t, 'c@example.com')];
  return { t, project, users: [t.userId, second, third] as const };
}

describe('tasks.agreement kept by the annotation writes', () => {
  it('is 1 when two annotators agree, 0 when they disagree, null with one annotator', async () => {
    const { t, project, users } = await projectWithAnnotators();
    const [agree, disagree, alone, empty] = [
      await createTask(t, project),
      await createTask(t, project),
      await createTask(t, project),
      await createTask(t, project),
    ];
    await annotate(t, agree, users[0], ['pos']);
    await annotate(t, agree, users[1], ['pos']);
    await annotate(t, disagree, users[0], ['pos']);
    await annotate(t, disagree, users[1], ['neg']);
    // Two annotations by one annotator are not a pair.
    await annotate(t, alone, users[0], ['pos']);
    await annotate(t, alone, users[0], ['neg']);
    expect(storedAgreement(t, agree)).toBe(1);
    expect(storedAgreement(t, disagree)).toBe(0);
    expect(storedAgreement(t, alone)).toBeNull();
    expect(storedAgreement(t, empty)).toBeNull();
    expect(await listedAgreement(t, project, agree)).toBe(1);
    expect(await listedAgreement(t, project, disagree)).toBe(0);
    expect(await listedAgreement(t, project, alone)).toBeNull();
    // A Data Manager (task_only) column only: the full tasks Label Studio clients read have none.
    const single = await getJson(t, `/api/tasks/${agree}/`);
    expect(single.status).toBe(200);
    expect(single.body).not.toHaveProperty('agreement');
    const full = await getJson(t, `/api/tasks/?project=${project}&fields=all`);
    expect(full.body.tasks[0]).not.toHaveProperty('agreement');
  });

  it('averages over the pairs of annotators and leaves skipped annotations out', async () => {
    const { t, project, users } = await projectWithAnnotators();
    const task = await createTask(t, project);
    await annotate(t, task, users[0], ['pos', 'neg']);
    await annotate(t, task, users[1], ['pos']);
    expect(storedAgreement(t, task)).toBe(0.5);
    // A third annotator who skipped changes nothing.
    await annotate(t, task, users[2], ['neg'], { was_cancelled: true });
    expect(storedAgreement(t, task)).toBe(0.5);
    // Pairs: {pos,neg}/{pos} 1/2, {pos,neg}/{pos} 1/2, {pos}/{pos} 1: mean 2/3.
    await annotate(t, task, users[2], ['pos']);
    expect(storedAgreement(t, task)).toBeCloseTo(2 / 3, 12);
  });

  it('follows an update of the result, a skip, and a delete', async () => {
    const { t, project, users } = await projectWithAnnotators();
    const task = await createTask(t, project);
    const first = await annotate(t, task, users[0], ['pos']);
    const second = await annotate(t, task, users[1], ['pos']);
    expect(storedAgreement(t, task)).toBe(1);

    expect((await call(t, 'PATCH', `/api/annotations/${second}/`, { result: answer('neg') })).status).toBe(200);
    expect(storedAgreement(t, task)).toBe(0);
    expect(await listedAgreement(t, project, task)).toBe(0);

    expect((await call(t, 'PATCH', `/api/annotations/${second}/`, { was_cancelled: true })).status).toBe(200);
    expect(storedAgreement(t, task)).toBeNull();
    expect((await call(t, 'PATCH', `/api/annotations/${second}/`, { was_cancelled: false })).status).toBe(200);
    expect(storedAgreement(t, task)).toBe(0);

    expect((await call(t, 'PATCH', `/api/annotations/${first}/`, { ground_truth: true })).status).toBe(200);
    expect(storedAgreement(t, task)).toBe(0);

    expect((await call(t, 'DELETE', `/api/annotations/${first}/`)).status).toBe(204);
    expect(storedAgreement(t, task)).toBeNull();
  });

  it('follows the Delete Annotations action and an import that carries annotations', async () => {
    const { t, project, users } = await projectWithAnnotators();
    const task = await createTask(t, project);
    await annotate(t, task, users[0], ['pos']);
    await annotate(t, task, users[1], ['neg']);
    expect(storedAgreement(t, task)).toBe(0);
    const action = await call(t, 'POST', `/api/dm/actions/?id=delete_tasks_annotations&project=${project}`, {
      selectedItems: { all: false, included: [task] },
    });
    expect(action.status).toBe(200);
    expect(storedAgreement(t, task)).toBeNull();

    const imported = await call(t, 'POST', `/api/projects/${project}/import`, [
      {
        data: { text: 'imported' },
        annotations: [
          { result: answer('pos'), completed_by: users[0] },
          { result: answer('pos', 'neg'), completed_by: users[1] },
        ],
      },
    ]);
    expect(imported.status).toBe(201);
    const importedTask = t.db
      .prepare("SELECT id FROM tasks WHERE project = ? AND json_extract(data, '$.text') = 'imported'")
      .pluck()
      .get(project) as number;
    expect(storedAgreement(t, importedTask)).toBe(0.5);
  });
});

describe('tasks.agreement after a label config change', () => {
  const ratingConfig = (maxRating: number) =>
    `<View><Text name="text" value="$text"/><Rating name="stars" toName="text" maxRating="${maxRating}"/></View>`;
  const stars = (rating: number) => [{ from_name: 'stars', to_name: 'text', type: 'rating', value: { rating } }];

  it('is computed again with the new config (Rating: 1 - |a - b| / (maxRating - 1))', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { label_config: ratingConfig(5) });
    const other = insertOtherUser(t, 'b@example.com');
    const task = await createTask(t, project);
    for (const [by, rating] of [
      [t.userId, 5],
      [other, 3],
    ] as const) {
      const created = await call(t, 'POST', `/api/tasks/${task}/annotations/`, {
        result: stars(rating),
        completed_by: by,
      });
      expect(created.status).toBe(201);
    }
    expect(storedAgreement(t, task)).toBe(0.5);
    const patched = await call(t, 'PATCH', `/api/projects/${project}/`, { label_config: ratingConfig(10) });
    expect(patched.status).toBe(200);
    expect(storedAgreement(t, task)).toBeCloseTo(7 / 9, 12);
  });
});

describe('the Data Manager column agreement', () => {
  /** Four tasks scoring 1, 0.5, 0 and none (one annotator), created in a shuffled order. */
  async function scoredTasks() {
    const { t, project, users } = await projectWithAnnotators();
    const ids: Record<'half' | 'none' | 'one' | 'zero', number> = {
      half: await createTask(t, project),
      none: await createTask(t, project),
      one: await createTask(t, project),
      zero: await createTask(t, project),
    };
    const pairs: Record<'half' | 'one' | 'zero', [string[], string[]]> = {
      half: [['pos', 'neg'], ['neg']],
      one: [['neg'], ['neg']],
      zero: [['pos'], ['neg']],
    };
    for (const [key, [a, b]] of Object.entries(pairs)) {
      await annotate(t, ids[key as keyof typeof pairs], users[0], a);
      await annotate(t, ids[key as keyof typeof pairs], users[1], b);
    }
    await annotate(t, ids.none, users[0], ['pos']);
    return { t, project, ids };
  }

  async function listIds(t: TestApp, project: number, query: unknown): Promise<number[]> {
    const { status, body } = await getJson(t, taskListPath(project, query, '&fields=task_only'));
    if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
    return (body.tasks as { id: number }[]).map((task) => task.id);
  }

  const filter = (operator: string, value: unknown) => ({
    conjunction: 'and',
    items: [{ filter: 'filter:tasks:agreement', operator, type: 'Number', value }],
  });

  it('is listed as a Number column', async () => {
    const { t, project } = await scoredTasks();
    const { body } = await getJson(t, `/api/dm/columns/?project=${project}`);
    const column = (body.columns as { id: string }[]).find((candidate) => candidate.id === 'agreement');
    expect(column).toMatchObject({ id: 'agreement', title: 'Agreement', type: 'Number', target: 'tasks' });
  });

  it('sorts ascending and descending with the tasks that have no agreement last', async () => {
    const { t, project, ids } = await scoredTasks();
    expect(await listIds(t, project, { ordering: ['tasks:agreement'] })).toEqual([
      ids.zero,
      ids.half,
      ids.one,
      ids.none,
    ]);
    expect(await listIds(t, project, { ordering: ['-tasks:agreement'] })).toEqual([
      ids.one,
      ids.half,
      ids.zero,
      ids.none,
    ]);
  });

  it('filters by greater, less, in range and empty', async () => {
    const { t, project, ids } = await scoredTasks();
    const byId = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(byId(await listIds(t, project, { filters: filter('greater', 0.25) }))).toEqual(byId([ids.half, ids.one]));
    expect(await listIds(t, project, { filters: filter('less', 0.75) })).toEqual(byId([ids.half, ids.zero]));
    expect(await listIds(t, project, { filters: filter('in', { min: 0.4, max: 0.6 }) })).toEqual([ids.half]);
    expect(await listIds(t, project, { filters: filter('empty', true) })).toEqual([ids.none]);
    expect(byId(await listIds(t, project, { filters: filter('empty', false) }))).toEqual(
      byId([ids.half, ids.one, ids.zero]),
    );
  });

  it('filters and sorts a saved tab (/api/dm/views/) the same way', async () => {
    const { t, project, ids } = await scoredTasks();
    const created = await call(t, 'POST', '/api/dm/views/', {
      project,
      data: { filters: filter('greater_or_equal', 0), ordering: ['-tasks:agreement'] },
    });
    expect(created.status).toBe(201);
    const { body } = await getJson(t, `/api/tasks/?view=${created.body.id}&fields=task_only`);
    const rows = body.tasks as { id: number; agreement: number | null }[];
    expect(rows.map((row) => [row.id, row.agreement])).toEqual([
      [ids.one, 1],
      [ids.half, 0.5],
      [ids.zero, 0],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { choices, insertAnnotation, insertPrediction, insertTask } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };

async function create(t: TestApp, body: Record<string, unknown> = {}): Promise<number> {
  const response = await t.withToken('/api/projects/', { method: 'POST', body: JSON.stringify(body), headers: json });
  return ((await response.json()) as { id: number }).id;
}

/**
 * Six tasks covering what Label Studio's annotate_* functions tell apart: overlap (two
 * annotations on one task), a skip, ground truth (one of them also skipped), a JSON-null result,
 * a task without annotations, and labeled tasks annotated or not by the requesting user.
 */
function buildDataset(t: TestApp, project: number) {
  const other = Number(
    t.db
      .prepare("INSERT INTO users (email, date_joined, last_activity, is_local) VALUES ('other@x', 'x', 'x', 0)")
      .run().lastInsertRowid,
  );
  const me = t.userId;
  const result = [choices('label', 'text', 'pos')];
  const t1 = insertTask(t.db, project, { text: '1' }, true);
  const t2 = insertTask(t.db, project);
  const t3 = insertTask(t.db, project);
  const t4 = insertTask(t.db, project);
  insertTask(t.db, project);
  const t6 = insertTask(t.db, project, { text: '6' }, true);
  insertAnnotation(t.db, { task: t1, project, result, completed_by: me });
  insertAnnotation(t.db, { task: t1, project, result, completed_by: other });
  insertAnnotation(t.db, { task: t2, project, was_cancelled: true, completed_by: me });
  insertAnnotation(t.db, { task: t3, project, result, ground_truth: true, completed_by: other });
  insertAnnotation(t.db, { task: t3, project, result, completed_by: me });
  insertAnnotation(t.db, { task: t4, project, result: null, completed_by: other });
  insertAnnotation(t.db, { task: t6, project, ground_truth: true, was_cancelled: true, completed_by: other });
  insertPrediction(t.db, t1, project);
  insertPrediction(t.db, t2, project);
  insertPrediction(t.db, t2, project, 'v2');
}

const EXPECTED = {
  task_number: 6,
  finished_task_number: 2,
  total_predictions_number: 3,
  total_annotations_number: 5,
  num_tasks_with_annotations: 2,
  useful_annotation_number: 3,
  ground_truth_number: 2,
  skipped_annotations_number: 2,
};

describe('project counters (Label Studio projects/functions annotate_*)', () => {
  it('counts each family as Label Studio defines it', async () => {
    const t = await createTestApp();
    const project = await create(t, { title: 'Counted' });
    const neighbour = await create(t, { title: 'Neighbour' });
    const empty = await create(t, { title: 'Empty' });
    buildDataset(t, project);
    const task = insertTask(t.db, neighbour, {}, true);
    insertAnnotation(t.db, { task, project: neighbour, result: [] });

    const detail = (await (await t.withToken(`/api/projects/${project}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ ...EXPECTED, queue_total: 5, queue_done: 3 });

    const counts = (await (await t.withToken('/api/projects/counts/')).json()) as {
      results: Record<string, unknown>[];
    };
    const byId = new Map(counts.results.map((item) => [item.id, item]));
    expect(byId.get(project)).toEqual({ id: project, ...EXPECTED });
    expect(byId.get(neighbour)).toMatchObject({
      task_number: 1,
      finished_task_number: 1,
      total_annotations_number: 1,
      useful_annotation_number: 1,
      num_tasks_with_annotations: 1,
    });
    expect(byId.get(empty)).toEqual({
      id: empty,
      task_number: 0,
      finished_task_number: 0,
      total_predictions_number: 0,
      total_annotations_number: 0,
      num_tasks_with_annotations: 0,
      useful_annotation_number: 0,
      ground_truth_number: 0,
      skipped_annotations_number: 0,
    });

    const list = (await (await t.withToken(`/api/projects/?ids=${project}`)).json()) as {
      results: Record<string, unknown>[];
    };
    expect(list.results[0]).toMatchObject(EXPECTED);
  });

  it('orders by counters consistently with the counted values', async () => {
    const t = await createTestApp();
    const project = await create(t);
    const other = await create(t);
    buildDataset(t, project);
    for (const field of Object.keys(EXPECTED)) {
      const page = (await (await t.withToken(`/api/projects/?ordering=-${field}&include=id`)).json()) as {
        results: { id: number }[];
      };
      expect(
        page.results.map((item) => item.id),
        field,
      ).toEqual([project, other]);
    }
  });

  it('computes queue_total and queue_done for the requesting user, honouring skip_queue', async () => {
    const t = await createTestApp();
    const project = await create(t);
    buildDataset(t, project);
    const queue = async () =>
      (await (await t.withToken(`/api/projects/${project}?include=queue_total,queue_done`)).json()) as object;
    expect(await queue()).toEqual({ queue_total: 5, queue_done: 3 });
    // REQUEUE_FOR_ME: the user's skipped task is not done.
    const patched = await t.withToken(`/api/projects/${project}`, {
      method: 'PATCH',
      body: JSON.stringify({ skip_queue: 'REQUEUE_FOR_ME' }),
      headers: json,
    });
    expect(await patched.json()).toMatchObject({ queue_total: 5, queue_done: 2, task_number: 6 });
  });

  it('answers every counter from an index, one grouped query per family', () => {
    return createTestApp().then((t) => {
      const plans = [
        `SELECT project, COUNT(*), SUM(is_labeled = 1) FROM tasks WHERE project IN (SELECT value FROM json_each('[1,2]')) GROUP BY project`,
        `SELECT project, COUNT(*) FROM predictions WHERE project IN (SELECT value FROM json_each('[1,2]')) GROUP BY project`,
        `SELECT a.project, SUM(a.was_cancelled = 0), COUNT(DISTINCT CASE WHEN a.was_cancelled = 0 AND a.ground_truth = 0 AND (a.result = 'null') = 0 THEN a.task END), SUM(a.ground_truth = 1) FROM annotations a WHERE a.project IN (SELECT value FROM json_each('[1,2]')) GROUP BY a.project`,
      ].map((sql) =>
        (t.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join('; '),
      );
      expect(plans[0]).toMatch(/COVERING INDEX tasks_project_is_labeled/);
      expect(plans[1]).toMatch(/COVERING INDEX predictions_project/);
      expect(plans[2]).toMatch(/COVERING INDEX annotations_project_counters/);
    });
  });
});

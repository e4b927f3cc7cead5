import { describe, expect, it } from 'vitest';
import {
  addAnnotation,
  addDraft,
  addPrediction,
  addProject,
  addTask,
  addUser,
  getJson,
  T0,
  type TestApp,
} from '../helpers/dmData.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp } from '../helpers/testApp.js';

/* Data Manager actions: `/api/dm/actions/`, after Label Studio's data_manager/actions. */

const CHOICE = { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } };

function run(t: TestApp, project: number, id: string | null, body: unknown = {}, extra = '') {
  const query = id === null ? `project=${project}` : `project=${project}&id=${id}`;
  return t.withToken(`/api/dm/actions/?${query}${extra}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
}

function row(t: TestApp, task: number) {
  return t.db
    .prepare(
      'SELECT total_annotations, cancelled_annotations, total_predictions, is_labeled, updated_at, updated_by FROM tasks WHERE id = ?',
    )
    .get(task) as Record<string, unknown> | undefined;
}

const count = (t: TestApp, table: string, where = '1') =>
  (t.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;

describe('GET /api/dm/actions/', () => {
  it('lists the actions Outpost runs by order, announcing per-project forms as null', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const { status, body } = await getJson(t, `/api/dm/actions/?project=${project}`);
    expect(status).toBe(200);
    expect(body.map((action: { id: string; order: number }) => [action.id, action.order])).toEqual([
      ['retrieve_tasks_predictions', 90],
      ['predictions_to_annotations', 91],
      ['remove_duplicates', 95],
      ['delete_tasks', 100],
      ['delete_tasks_annotations', 101],
      ['delete_tasks_predictions', 102],
    ]);
    // As the real Label Studio 1.22 lists them: no form key without a form, null for a form made per project.
    expect(body[0]).toEqual({
      id: 'retrieve_tasks_predictions',
      title: 'Retrieve Predictions',
      order: 90,
      permission: 'predictions.any',
      dialog: {
        title: 'Retrieve Predictions',
        text:
          'Send the selected tasks to all ML backends connected to the project.This operation might be abruptly ' +
          'interrupted due to a timeout. The recommended way to get predictions is to update tasks using the ' +
          'Label Studio API.Please confirm your action.',
        type: 'confirm',
      },
    });
    expect(body[2]).toEqual({
      id: 'remove_duplicates',
      title: 'Remove Duplicated Tasks',
      order: 95,
      permission: ['projects.change', 'tasks.delete'],
      experimental: false,
      dialog: {
        text:
          'Confirm that you want to remove duplicated tasks with the same data fields. Duplicated tasks will be ' +
          'deleted and all annotations will be moved to the first task from duplicated tasks. Also Source Storage ' +
          'Links will be restored if at least one duplicated task has a storage link. Warning: Task assignments ' +
          "(enterprise only) won't be saved.",
        type: 'confirm',
      },
    });
    expect(body[3]).toEqual({
      id: 'delete_tasks',
      title: 'Delete Tasks',
      order: 100,
      permission: 'tasks.delete',
      reload: true,
      dialog: { text: 'You are going to delete the selected tasks. Please confirm your action.', type: 'confirm' },
    });
    expect(body[1].dialog.form).toBeNull();
    expect(body[4].dialog.form).toBeNull();
    await expectEnvelope(await t.withToken('/api/dm/actions/'), 404, 'No Project matches the given query.');
  });

  it('makes each form for its project at /form, [] for an action without one', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const other = addUser(t.db, 'ann@example.com', 'Ann', 'Lee');
    const task = addTask(t.db, project, { data: { text: 'a' } });
    addAnnotation(t.db, task, { completed_by: other });
    addPrediction(t.db, task, { model_version: 'v7' });
    const form = async (id: string) => (await getJson(t, `/api/dm/actions/${id}/form/?project=${project}`)).body;
    expect((await form('delete_tasks_annotations'))[0].fields[0].options).toEqual([
      { value: String(other), label: 'Ann Lee' },
    ]);
    // No model version chosen: the prediction versions alone, nothing preselected.
    expect((await form('predictions_to_annotations'))[0].fields[0]).toMatchObject({ options: ['v7'], value: '' });
    t.db.prepare("UPDATE projects SET model_version = 'live' WHERE id = ?").run(project);
    expect((await form('predictions_to_annotations'))[0].fields[0]).toMatchObject({
      options: ['live', 'v7'],
      value: 'live',
    });
    expect(await form('delete_tasks')).toEqual([]);
    await expectEnvelope(
      await t.withToken(`/api/dm/actions/nope/form/?project=${project}`),
      400,
      "Can't find 'nope' in registered actions",
    );
  });
});

describe('POST /api/dm/actions/', () => {
  it('needs an action id (a plain 422) and an existing project', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const missing = await run(t, project, null);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ detail: 'No action id "None", use ?id=<action-id>' });
    const unknown = await run(t, project, 'cache_labels');
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ detail: "Can't find 'cache_labels' in registered actions" });
    await expectEnvelope(await run(t, 999, 'delete_tasks'), 404, 'No Project matches the given query.');
  });

  it('delete_tasks: the selected tasks; the last ones take the tabs with them', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const [a, b, c] = [1, 2, 3].map((n) => addTask(t.db, project, { data: { text: `t${n}` } }));
    addAnnotation(t.db, a!, { result: [CHOICE] });
    await t.withToken('/api/dm/views', {
      method: 'POST',
      body: JSON.stringify({ project }),
      headers: { 'Content-Type': 'application/json' },
    });
    const first = await run(t, project, 'delete_tasks', { selectedItems: { all: false, included: [a, b] } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ processed_items: 2, reload: false, detail: 'Deleted 2 tasks' });
    expect(count(t, 'tasks', `project = ${project}`)).toBe(1);
    expect(count(t, 'annotations')).toBe(0);
    expect(count(t, 'views')).toBe(1);
    // No selectedItems: every task (Label Studio's default is {"all": true}).
    expect(await (await run(t, project, 'delete_tasks')).json()).toEqual({
      processed_items: 1,
      reload: true,
      detail: 'Deleted 1 tasks',
    });
    expect(row(t, c!)).toBeUndefined();
    expect(count(t, 'views')).toBe(0);
  });

  it('delete_tasks_annotations: one annotator’s annotations and drafts, counters refreshed, tasks touched', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const other = addUser(t.db, 'other@example.com');
    const a = addTask(t.db, project, { data: { text: 'a' } });
    const b = addTask(t.db, project, { data: { text: 'b' } });
    addAnnotation(t.db, a, { result: [CHOICE], completed_by: other });
    addAnnotation(t.db, a, { result: [CHOICE], completed_by: t.userId });
    addAnnotation(t.db, b, { was_cancelled: true, completed_by: t.userId });
    addDraft(t.db, a, other);
    addDraft(t.db, b, t.userId);
    t.advanceSeconds(60);
    const response = await run(t, project, 'delete_tasks_annotations', { annotator: String(other) });
    expect(await response.json()).toEqual({ processed_items: 1, detail: 'Deleted 1 annotations' });
    expect(row(t, a)).toMatchObject({
      total_annotations: 1,
      updated_at: '2026-01-15T10:01:00.000000Z',
      updated_by: t.userId,
    });
    expect(row(t, b)).toMatchObject({ cancelled_annotations: 1, updated_at: T0 });
    expect(count(t, 'drafts')).toBe(1);
    const all = await run(t, project, 'delete_tasks_annotations', { selectedItems: { all: true, excluded: [] } });
    expect(await all.json()).toEqual({ processed_items: 2, detail: 'Deleted 2 annotations' });
    expect(row(t, b)).toMatchObject({ cancelled_annotations: 0, total_annotations: 0, is_labeled: 0 });
    expect(count(t, 'drafts')).toBe(0);
  });

  it('delete_tasks_predictions: counters refreshed, selection from filters in the body', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const a = addTask(t.db, project, { data: { text: 'keep' } });
    const b = addTask(t.db, project, { data: { text: 'drop' } });
    addPrediction(t.db, a);
    addPrediction(t.db, b);
    addPrediction(t.db, b, { model_version: 'v2' });
    t.advanceSeconds(5);
    const filters = {
      conjunction: 'and',
      items: [{ filter: 'filter:tasks:data.text', operator: 'equal', type: 'String', value: 'drop' }],
    };
    const response = await run(t, project, 'delete_tasks_predictions', { filters });
    expect(await response.json()).toEqual({ processed_items: 2, detail: 'Deleted 2 predictions' });
    expect(row(t, b)).toMatchObject({ total_predictions: 0, updated_at: '2026-01-15T10:00:05.000000Z' });
    expect(row(t, a)).toMatchObject({ total_predictions: 1, updated_at: T0 });
  });

  it('predictions_to_annotations: one annotation per prediction not converted yet, by model version', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const a = addTask(t.db, project, { data: { text: 'a' } });
    const b = addTask(t.db, project, { data: { text: 'b' } });
    const p1 = addPrediction(t.db, a, { result: [CHOICE], model_version: 'v1' });
    addPrediction(t.db, b, { result: [CHOICE], model_version: 'v2' });
    const response = await run(t, project, 'predictions_to_annotations', { model_version: 'v1' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ detail: 'Created 1 annotations' });
    const annotation = t.db.prepare('SELECT * FROM annotations WHERE task = ?').get(a) as Record<string, unknown>;
    expect(annotation).toMatchObject({
      completed_by: t.userId,
      parent_prediction: p1,
      result: JSON.stringify([CHOICE]),
      project,
    });
    expect(row(t, a)).toMatchObject({ total_annotations: 1, is_labeled: 1, updated_by: t.userId });
    expect(await (await run(t, project, 'predictions_to_annotations', { model_version: ['v1', 'v2'] })).json()).toEqual(
      {
        detail: 'Created 1 annotations',
      },
    );
    expect(await (await run(t, project, 'predictions_to_annotations')).json()).toEqual({
      detail: 'Created 0 annotations',
    });
  });

  it('remove_duplicates: keeps the annotated copy, moves annotations to it, deletes the rest', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const a = addTask(t.db, project, { data: { text: 'same' } });
    const b = addTask(t.db, project, { data: { text: 'same' } });
    const c = addTask(t.db, project, { data: { text: 'same' } });
    const d = addTask(t.db, project, { data: { text: 'unique' } });
    addAnnotation(t.db, b, { result: [CHOICE] });
    addAnnotation(t.db, c, { was_cancelled: true });
    const response = await run(t, project, 'remove_duplicates');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const left = t.db.prepare('SELECT id FROM tasks WHERE project = ? ORDER BY id').pluck().all(project);
    expect(left).toEqual([b, d]);
    expect(row(t, b)).toMatchObject({ total_annotations: 1, cancelled_annotations: 1 });
    expect(row(t, a)).toBeUndefined();
  });

  it('uses a view’s filters when `view` is given', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const a = addTask(t.db, project, { data: { text: 'a' } });
    const b = addTask(t.db, project, { data: { text: 'b' } });
    const created = await t.withToken('/api/dm/views', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        project,
        data: {
          filters: {
            conjunction: 'and',
            items: [{ filter: 'filter:tasks:id', operator: 'equal', type: 'Number', value: b }],
          },
        },
      }),
    });
    const view = (await created.json()) as { id: number };
    const response = await run(t, project, 'delete_tasks', {}, `&view=${view.id}`);
    expect(await response.json()).toMatchObject({ processed_items: 1 });
    expect(row(t, a)).toBeDefined();
    expect(row(t, b)).toBeUndefined();
  });
});

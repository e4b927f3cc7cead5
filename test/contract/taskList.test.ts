import { describe, expect, it } from 'vitest';
import {
  addAnnotation,
  addDraft,
  addFileUpload,
  addPrediction,
  addProject,
  addTask,
  addUser,
  getJson,
  T0,
  taskListPath,
} from '../helpers/dmData.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp } from '../helpers/testApp.js';

const TASK_KEYS = [
  'id',
  'data',
  'meta',
  'created_at',
  'updated_at',
  'is_labeled',
  'overlap',
  'inner_id',
  'total_annotations',
  'cancelled_annotations',
  'total_predictions',
  'comment_count',
  'unresolved_comment_count',
  'last_comment_updated_at',
  'project',
  'comment_authors',
  'allow_skip',
  'file_upload',
  'storage_filename',
  'annotators',
  'drafts',
  'updated_by',
  'completed_at',
  'annotations_results',
  'predictions_results',
  'predictions_score',
  'annotations_ids',
  'predictions_model_versions',
  'avg_lead_time',
  'draft_exists',
  'agreement',
];

const CHOICE = { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } };

async function setup() {
  const t = await createTestApp();
  const project = addProject(t.db);
  const other = addUser(t.db, 'other@example.com', 'Ann', 'Other');
  const upload = addFileUpload(t.db, project, 'upload/1/6b25fc23-some.json');
  const plain = addTask(t.db, project, { data: { text: 'opop' }, file_upload: upload });
  const labeled = addTask(t.db, project, { data: { text: 'two' }, updated_by: t.userId });
  addAnnotation(t.db, labeled, {
    result: [CHOICE],
    completed_by: other,
    lead_time: 2,
    created_at: '2026-01-15T11:00:00.000000Z',
  });
  addAnnotation(t.db, labeled, {
    result: [CHOICE],
    completed_by: t.userId,
    lead_time: 4,
    created_at: '2026-01-15T12:00:00.000000Z',
  });
  addAnnotation(t.db, labeled, { was_cancelled: true, completed_by: other });
  t.db.prepare('UPDATE tasks SET is_labeled = 1 WHERE id = ?').run(labeled);
  addPrediction(t.db, plain, { result: [CHOICE], score: 0.5, model_version: 'v1' });
  addPrediction(t.db, plain, { result: [CHOICE], score: 0.25, model_version: 'v2' });
  // predictions_score is that of the project's model version (Label Studio 1.22).
  t.db.prepare("UPDATE projects SET model_version = 'v1' WHERE id = ?").run(project);
  addDraft(t.db, labeled, t.userId, [CHOICE]);
  addDraft(t.db, labeled, other, []);
  const third = addTask(t.db, project, { data: { text: 'three' } });
  return { t, project, other, plain, labeled, third };
}

describe('GET /api/tasks/ (Data Manager task list)', () => {
  it('needs a project or a view: a plain 404 without the envelope', async () => {
    const t = await createTestApp();
    const response = await t.withToken('/api/tasks/');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Neither project nor view id specified' });
    await expectEnvelope(await t.withToken('/api/tasks?project=999'), 404, 'No Project matches the given query.');
    await expectEnvelope(await t.withToken('/api/tasks?view=999'), 404, 'No View matches the given query.');
    await expectEnvelope(await t.withToken('/api/tasks?project=abc'), 400, 'Validation error', {
      project: 'Incorrect value in key "project" = "abc". It should be digit string.',
    });
  });

  it("returns the envelope with counters summed over the tasks and Label Studio's field order", async () => {
    const { t, project, other, plain, labeled, third } = await setup();
    const { status, body } = await getJson(t, `/api/tasks?project=${project}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['total_annotations', 'total_predictions', 'total', 'tasks']);
    // Two annotations count; the skipped one does not.
    expect(body).toMatchObject({ total_annotations: 2, total_predictions: 2, total: 3 });
    expect(body.tasks.map((task: { id: number }) => task.id)).toEqual([plain, labeled, third]);
    for (const task of body.tasks) expect(Object.keys(task)).toEqual(TASK_KEYS);
    const [first, second] = body.tasks;
    expect(first).toMatchObject({
      data: { text: 'opop' },
      meta: {},
      created_at: T0,
      is_labeled: false,
      overlap: 1,
      inner_id: 1,
      total_predictions: 2,
      project,
      comment_authors: [],
      allow_skip: true,
      file_upload: '6b25fc23-some.json',
      storage_filename: null,
      annotators: [],
      drafts: [],
      updated_by: [],
      completed_at: null,
      annotations_results: '',
      // Identical results show once (Label Studio aggregates them with DISTINCT).
      predictions_results: '[{from_name:label, to_name:text, type:choices, value:{choices:[pos]}}]',
      predictions_score: 0.5,
      annotations_ids: '',
      predictions_model_versions: 'v1, v2',
      avg_lead_time: null,
      draft_exists: false,
    });
    expect(second).toMatchObject({
      total_annotations: 2,
      cancelled_annotations: 1,
      is_labeled: true,
      annotators: [t.userId, other].sort((a, b) => a - b),
      updated_by: [{ user_id: t.userId }],
      completed_at: '2026-01-15T10:00:00.000000Z',
      avg_lead_time: 3,
      draft_exists: true,
      file_upload: null,
      predictions_results: '',
    });
    expect(second.annotations_ids).toMatch(/^\d+,\d+,\d+$/);
    expect('annotations' in second).toBe(false);
    expect('predictions' in second).toBe(false);
  });

  it('adds annotations (skipped ones too, completed_by as an id), predictions and only my drafts with fields=all', async () => {
    const { t, project, labeled, plain } = await setup();
    const { body } = await getJson(t, `/api/tasks?project=${project}&fields=all`);
    const task = body.tasks.find((item: { id: number }) => item.id === labeled);
    expect(task.annotations).toHaveLength(3);
    expect(task.annotations.map((a: { was_cancelled: boolean }) => a.was_cancelled)).toEqual([false, false, true]);
    expect(typeof task.annotations[0].completed_by).toBe('number');
    expect(task.predictions).toEqual([]);
    expect(task.drafts).toHaveLength(1);
    // The same AnnotationDraftSerializer as /api/drafts: no leading space without a name, `project` last.
    expect(task.drafts[0]).toMatchObject({
      user: 'annotator@outpost.local',
      created_username: `annotator@outpost.local, ${t.userId}`,
      result: [CHOICE],
      task: labeled,
      annotation: null,
    });
    expect(Object.keys(task.drafts[0]).at(-1)).toBe('annotation');
    expect(Object.keys(task).slice(-2)).toEqual(['annotations', 'predictions']);
    const predicted = body.tasks.find((item: { id: number }) => item.id === plain);
    expect(predicted.predictions.map((p: { model_version: string }) => p.model_version)).toEqual(['v1', 'v2']);
  });

  it('pages 100 at a time by default and 404s page 0 and pages past the end', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const ids = Array.from({ length: 105 }, (_, index) => addTask(t.db, project, { data: { text: `t${index}` } }));
    const first = await getJson(t, `/api/tasks?project=${project}`);
    expect(first.body.tasks).toHaveLength(100);
    expect(first.body.total).toBe(105);
    const second = await getJson(t, `/api/tasks?project=${project}&page=2`);
    expect(second.body.tasks.map((task: { id: number }) => task.id)).toEqual(ids.slice(100));
    await expectEnvelope(await t.withToken(`/api/tasks?project=${project}&page=3`), 404, 'Invalid page.');
    await expectEnvelope(await t.withToken(`/api/tasks?project=${project}&page=0`), 404, 'Invalid page.');
    await expectEnvelope(await t.withToken(`/api/tasks?project=${project}&page=x`), 404, 'Invalid page.');
    const small = await getJson(t, `/api/tasks?project=${project}&page_size=10&page=11`);
    expect(small.body.tasks.map((task: { id: number }) => task.id)).toEqual(ids.slice(100));
    // DRF's strict positive int: 0 and -1 fall back to the default size.
    for (const size of ['0', '-1', 'abc']) {
      expect((await getJson(t, `/api/tasks?project=${project}&page_size=${size}`)).body.tasks).toHaveLength(100);
    }
    const last = await getJson(t, `/api/tasks?project=${project}&page_size=50&page=last`);
    expect(last.body.tasks).toHaveLength(5);
  });

  it('gives page 1 of an empty project and 404 after it', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    expect((await getJson(t, `/api/tasks?project=${project}`)).body).toEqual({
      total_annotations: 0,
      total_predictions: 0,
      total: 0,
      tasks: [],
    });
    await expectEnvelope(await t.withToken(`/api/tasks?project=${project}&page=2`), 404, 'Invalid page.');
  });

  it('keeps only included fields, or drops omitted ones', async () => {
    const { t, project, plain } = await setup();
    const included = await getJson(t, `/api/tasks?project=${project}&include=id,updated_at`);
    // allow_skip always comes back, as Label Studio's serializer adds it.
    expect(included.body.tasks[0]).toEqual({ id: plain, updated_at: T0, allow_skip: true });
    const omitted = await getJson(t, `/api/tasks?project=${project}&omit=data,annotators&fields=all`);
    expect(Object.keys(omitted.body.tasks[0])).toEqual(
      // The stored agreement is a Data Manager (task_only) column only.
      [...TASK_KEYS, 'annotations', 'predictions'].filter(
        (key) => key !== 'data' && key !== 'annotators' && key !== 'agreement',
      ),
    );
  });

  it('accepts resolve_uri and leaves data as it is; refuses a non-boolean', async () => {
    const { t, project } = await setup();
    const raw = await getJson(t, `/api/tasks?project=${project}&resolve_uri=false`);
    expect(raw.body.tasks[0].data).toEqual({ text: 'opop' });
    await expectEnvelope(
      await t.withToken(`/api/tasks?project=${project}&resolve_uri=maybe`),
      400,
      'Validation error',
      {
        resolve_uri: ['Incorrect bool value "maybe". It should be one of [1, 0, true, false, yes, no]'],
      },
    );
  });

  it('selects with selectedItems and orders by any column, NULLs last both ways', async () => {
    const { t, project, plain, labeled, third } = await setup();
    const included = await getJson(
      t,
      taskListPath(project, { selectedItems: { all: false, included: [third, plain] } }),
    );
    expect(included.body.tasks.map((task: { id: number }) => task.id)).toEqual([plain, third]);
    const excluded = await getJson(t, taskListPath(project, { selectedItems: { all: true, excluded: [plain] } }));
    expect(excluded.body.total).toBe(2);
    // An empty inclusion list selects nothing in particular: every task.
    const empty = await getJson(t, taskListPath(project, { selectedItems: { all: false, included: [] } }));
    expect(empty.body.total).toBe(3);
    const ids = async (ordering: string) =>
      (await getJson(t, taskListPath(project, { ordering: [ordering] }))).body.tasks.map(
        (task: { id: number }) => task.id,
      );
    expect(await ids('-tasks:id')).toEqual([third, labeled, plain]);
    expect(await ids('tasks:data.text')).toEqual([plain, third, labeled]);
    expect(await ids('-tasks:data.text')).toEqual([labeled, third, plain]);
    expect(await ids('tasks:completed_at')).toEqual([labeled, plain, third]);
    expect(await ids('-tasks:completed_at')).toEqual([labeled, third, plain]);
    expect(await ids('-tasks:total_annotations')).toEqual([labeled, third, plain]);
    expect(await ids('tasks:predictions_score')).toEqual([plain, labeled, third]);
  });

  it('refuses a query that is not JSON, an unknown column, and a bad selection', async () => {
    const { t, project } = await setup();
    const bad = await t.withToken(`/api/tasks?project=${project}&query=${encodeURIComponent('{nope')}`);
    expect(bad.status).toBe(400);
    const unknown = await getJson(t, taskListPath(project, { ordering: ['tasks:nope'] }));
    expect(unknown.status).toBe(400);
    const selection = await getJson(t, taskListPath(project, { selectedItems: [1] }));
    expect(selection.status).toBe(400);
  });

  it('uses a view: its filters and ordering, and its stored selection', async () => {
    const { t, project, labeled, third } = await setup();
    const created = await t.withToken('/api/dm/views/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        project,
        data: {
          filters: {
            conjunction: 'and',
            items: [{ filter: 'filter:tasks:total_predictions', operator: 'equal', type: 'Number', value: 0 }],
          },
          ordering: ['-tasks:id'],
        },
      }),
    });
    const view = (await created.json()) as { id: number };
    const { body } = await getJson(t, `/api/tasks?view=${view.id}`);
    expect(body.tasks.map((task: { id: number }) => task.id)).toEqual([third, labeled]);
    // With both, the view must belong to the project.
    const other = addProject(t.db);
    await expectEnvelope(
      await t.withToken(`/api/tasks?project=${other}&view=${view.id}`),
      400,
      'Project and View mismatch',
    );
  });

  it('sees writes at once (nothing cached outlives a change)', async () => {
    const { t, project, third } = await setup();
    expect((await getJson(t, `/api/tasks?project=${project}`)).body.total).toBe(3);
    addAnnotation(t.db, third, { result: [CHOICE], completed_by: t.userId });
    const after = await getJson(t, `/api/tasks?project=${project}`);
    expect(after.body.total_annotations).toBe(3);
    addTask(t.db, project, { data: { text: 'four' } });
    expect((await getJson(t, `/api/tasks?project=${project}&page=1&page_size=1`)).body.total).toBe(4);
  });

  it('walks deep pages in any order with the same ids as one full read', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    for (let index = 0; index < 57; index += 1) {
      addTask(t.db, project, {
        data: index % 5 === 0 ? { text: 'no score' } : { text: `t${index}`, score: index % 7 },
      });
    }
    const query = { ordering: ['-tasks:data.score'] };
    const all = (await getJson(t, taskListPath(project, query, '&page_size=100'))).body.tasks.map(
      (task: { id: number }) => task.id,
    );
    const pages: number[][] = [];
    for (const page of [3, 1, 6, 2, 5, 4, 6, 3]) {
      const { body } = await getJson(t, taskListPath(project, query, `&page_size=10&page=${page}`));
      pages[page - 1] = body.tasks.map((task: { id: number }) => task.id);
    }
    expect(pages.flat()).toEqual(all);
  });
});

describe('POST /api/tasks/', () => {
  it('creates a task in the body’s project and requires one', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const response = await t.withToken('/api/tasks/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ project, data: { text: 'Test text' } }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ data: { text: 'Test text' }, project, file_upload: null });
    const missing = await t.withToken('/api/tasks/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { text: 'x' } }),
    });
    await expectEnvelope(missing, 400, 'Validation error', { project: ['This field is required.'] });
  });
});

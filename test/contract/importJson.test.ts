import { describe, expect, it } from 'vitest';
import { importAnswerSchema } from '../../shared/api/imports.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };
const TEXT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

async function createProject(t: TestApp, body: Record<string, unknown> = { label_config: TEXT_CONFIG }) {
  const response = await t.withToken('/api/projects/', { method: 'POST', body: JSON.stringify(body), headers: json });
  return ((await response.json()) as { id: number }).id;
}

function importJson(t: TestApp, project: number, body: unknown, query = '') {
  return t.withToken(`/api/projects/${project}/import${query}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: json,
  });
}

function taskRows(t: TestApp, project: number) {
  return t.db.prepare('SELECT * FROM tasks WHERE project = ? ORDER BY id').all(project) as Record<string, unknown>[];
}

describe('POST /api/projects/{id}/import with a JSON body', () => {
  it('imports flat rows as task data and answers with the Community response shape', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const response = await importJson(t, project, [{ text: 'first' }, { text: 'second', extra: 1 }]);
    expect(response.status).toBe(201);
    // Strictly the shared wire shape (found_formats is [] for a JSON body).
    const body = importAnswerSchema.parse(await response.json());
    expect(Object.keys(body)).toEqual([
      'task_count',
      'annotation_count',
      'prediction_count',
      'duration',
      'file_upload_ids',
      'could_be_tasks_list',
      'found_formats',
      'data_columns',
    ]);
    expect(body).toMatchObject({
      task_count: 2,
      annotation_count: 0,
      prediction_count: 0,
      file_upload_ids: [],
      could_be_tasks_list: false,
      found_formats: [],
      data_columns: [],
    });
    expect(typeof body.duration).toBe('number');
    const rows = taskRows(t, project);
    expect(rows.map((row) => JSON.parse(row.data as string))).toEqual([
      { text: 'first' },
      { text: 'second', extra: 1 },
    ]);
    expect(rows.map((row) => row.inner_id)).toEqual([1, 2]);
    expect(rows[0]).toMatchObject({ meta: '{}', overlap: 1, is_labeled: 0, file_upload: null, allow_skip: 1 });
  });

  it('continues inner_id, uses maximum_annotations as overlap, and returns task ids on request', async () => {
    const t = await createTestApp();
    const project = await createProject(t, { label_config: TEXT_CONFIG, maximum_annotations: 3 });
    await importJson(t, project, { text: 'one object is one task' });
    const response = await importJson(t, project, [{ text: 'a' }, { text: 'b' }], '?return_task_ids=true');
    const body = importAnswerSchema.parse(await response.json());
    const rows = taskRows(t, project);
    expect(body.task_ids).toEqual(rows.slice(1).map((row) => row.id));
    expect(rows.map((row) => [row.inner_id, row.overlap])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("imports wrapped tasks with annotations and predictions as Label Studio's import example shows", async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const email = (t.db.prepare('SELECT email FROM users WHERE id = ?').get(t.userId) as { email: string }).email;
    const result = [{ id: 'r1', from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }];
    const response = await importJson(t, project, [
      { text: 'bare data object, becomes data' },
      {
        data: { text: 'wrapped' },
        meta: { source: 'x' },
        annotations: [
          { result, completed_by: { email }, was_cancelled: false, ground_truth: false, lead_time: 12.5, id: 555 },
          { result, created_at: '2001-01-01T00:00:00Z' },
        ],
        predictions: [
          { result, score: 0.93, model_version: 'm1' },
          { result: [], score: '0.5' },
        ],
      },
    ]);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ task_count: 2, annotation_count: 2, prediction_count: 2 });
    const [, wrapped] = taskRows(t, project);
    expect(JSON.parse(wrapped!.data as string)).toEqual({ text: 'wrapped' });
    expect(JSON.parse(wrapped!.meta as string)).toEqual({ source: 'x' });
    expect(wrapped).toMatchObject({
      total_annotations: 2,
      cancelled_annotations: 0,
      total_predictions: 2,
      is_labeled: 1,
    });
    const annotations = t.db.prepare('SELECT * FROM annotations WHERE task = ? ORDER BY id').all(wrapped!.id) as Record<
      string,
      unknown
    >[];
    expect(annotations.map((a) => [a.ground_truth, a.import_id, a.lead_time, a.completed_by])).toEqual([
      [0, 555, 12.5, t.userId],
      [1, null, null, t.userId],
    ]);
    expect(annotations[1]!.created_at).toBe('2026-01-15T10:00:00.000000Z');
    expect(JSON.parse(annotations[0]!.result as string)).toEqual(result);
    const predictions = t.db
      .prepare('SELECT model_version, score, project FROM predictions WHERE task = ? ORDER BY id')
      .all(wrapped!.id);
    expect(predictions).toEqual([
      { model_version: 'm1', score: 0.93, project },
      { model_version: 'undefined', score: 0.5, project },
    ]);
    // The project's empty model_version takes the last imported one.
    const model = t.db.prepare('SELECT model_version FROM projects WHERE id = ?').get(project) as {
      model_version: string;
    };
    expect(model.model_version).toBe('undefined');
  });

  it('renames $undefined$ to the first data key and accepts anything for <View></View>', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    await importJson(t, project, [{ $undefined$: 'renamed' }]);
    expect(JSON.parse(taskRows(t, project)[0]!.data as string)).toEqual({ text: 'renamed' });
    const open = await createProject(t, {});
    expect((await importJson(t, open, [{ anything: [1] }, { $undefined$: 'kept' }])).status).toBe(201);
    expect(taskRows(t, open).map((row) => JSON.parse(row.data as string))).toEqual([
      { anything: [1] },
      { $undefined$: 'kept' },
    ]);
  });

  it('does nothing but count when commit_to_project=false', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const response = await importJson(
      t,
      project,
      [{ text: 'a' }, { wrong: 'b' }],
      '?commit_to_project=0&return_task_ids=1',
    );
    expect(await response.json()).toMatchObject({ task_count: 2, annotation_count: null, prediction_count: null });
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('lists per-item errors as Label Studio does and writes nothing', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const response = await importJson(t, project, [{ text: 'ok' }, { foo: 'bar' }, { data: { text: { a: 1 } } }]);
    await expectEnvelope(response, 400, 'Validation error', {
      non_field_errors: [
        {},
        `Error at item 1: "text" key is expected in task data [assume: item as is = task root with values]  :: {'foo': 'bar'}`,
        `Error at item 2: data['text']={'a': 1} is of type 'dict', but the object tag Text expects the following types: ['str', 'int', 'float', 'list'] [assume: item["data"] = task root with values] :: {'data': {'text': {'a': 1}}}`,
      ],
    });
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('checks annotations, predictions and meta of wrapped tasks', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const cases: [unknown, string][] = [
      [{ data: { text: 'x' }, annotations: {} }, 'Task[annotations] must be list'],
      [{ data: { text: 'x' }, annotations: [{ result: {} }] }, '"result" field in annotation must be list'],
      [{ data: { text: 'x' }, annotations: [{}] }, 'Annotation must have "result" fields'],
      [{ data: { text: 'x' }, predictions: [{ score: 1 }] }, 'Prediction must have "result" fields'],
      [{ data: { text: 'x' }, meta: 'm' }, 'Task[meta] must be dict or list'],
      [{ data: 'x' }, 'Task[data] must be dict or list'],
      ['just text', 'Task root must be dict with "data", "meta", "annotations", "predictions" fields'],
    ];
    for (const [item, message] of cases) {
      const body = (await (await importJson(t, project, [item])).json()) as {
        validation_errors: { non_field_errors: string[] };
      };
      expect(body.validation_errors.non_field_errors[0]).toMatch(new RegExp(`^Error at item 0: ${escape(message)}`));
    }
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('caps the list at 100 entries, the last one "..."', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const items = Array.from({ length: 150 }, (_, index) => (index < 120 ? { nope: index } : { text: 'ok' }));
    const body = (await (await importJson(t, project, items)).json()) as {
      validation_errors: { non_field_errors: string[] };
    };
    expect(body.validation_errors.non_field_errors).toHaveLength(100);
    expect(body.validation_errors.non_field_errors[99]).toBe('...');
  });

  it('resolves completed_by by email or id and refuses unknown annotators', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const task = (annotation: Record<string, unknown>) => [
      { data: { text: 'ok' } },
      { data: { text: 'x' }, annotations: [{ result: [], ...annotation }] },
    ];
    await expectEnvelope(
      await importJson(t, project, task({ completed_by: { email: 'nobody@x.y' } })),
      400,
      'Validation error',
      {
        non_field_errors: ["Unknown annotator's email nobody@x.y"],
      },
    );
    await expectEnvelope(await importJson(t, project, task({ completed_by: 999 })), 400, 'Validation error', {
      non_field_errors: ["Import data contains completed_by=999 which is not a valid annotator's email or ID"],
    });
    expect(countRows(t.db, 'tasks')).toBe(0);
    expect((await importJson(t, project, task({ completed_by: t.userId, was_cancelled: true }))).status).toBe(201);
    const rows = taskRows(t, project);
    expect(rows[1]).toMatchObject({ total_annotations: 0, cancelled_annotations: 1, is_labeled: 0 });
  });

  it('refuses bodies that are not tasks with Label Studio messages', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const cases: [string, number, string, Record<string, unknown> | undefined][] = [
      ['[]', 400, 'Validation error', { non_field_errors: ['load_tasks: No tasks added'] }],
      ['"text"', 400, 'Validation error', { non_field_errors: ['load_tasks: No data found in DATA or in FILES'] }],
      ['[{"text": "a"}, {"text": ]', 400, '', undefined],
    ];
    for (const [body, status, detail, errors] of cases) {
      const response = await importJson(t, project, body);
      if (detail === '') {
        expect(response.status).toBe(status);
        expect(((await response.json()) as { detail: string }).detail).toMatch(/^JSON parse error - /);
      } else await expectEnvelope(response, status, detail, errors);
    }
    const missing = await importJson(t, 9999, [{ text: 'a' }]);
    await expectEnvelope(missing, 404, 'No Project matches the given query.');
    const plain = await t.withToken(`/api/projects/${project}/import`, {
      method: 'POST',
      body: 'text',
      headers: { 'Content-Type': 'text/plain' },
    });
    await expectEnvelope(plain, 415, 'Unsupported media type "text/plain" in request.');
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('refuses more than 1,000,000 tasks', async () => {
    const t = await createTestApp();
    const project = await createProject(t, {});
    const body = `[${Array.from({ length: 1_000_001 }, () => '{}').join(',')}]`;
    await expectEnvelope(await importJson(t, project, body), 400, 'Validation error', {
      non_field_errors: ['Maximum task number is 1000000, current task number is 1000001'],
    });
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('refuses a body over the size limit before reading it', async () => {
    const t = await createTestApp({ bodyLimitBytes: 1024 });
    const project = await createProject(t);
    const body = JSON.stringify(Array.from({ length: 100 }, (_, index) => ({ text: `task ${index}` })));
    await expectEnvelope(
      await importJson(t, project, body),
      413,
      'Request body is too large: the limit is 1024 bytes.',
    );
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('turns preannotated_from_fields into predictions', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const response = await importJson(t, project, [{ text: 'a', label: 'pos' }], '?preannotated_from_fields=label');
    expect(await response.json()).toMatchObject({ task_count: 1, prediction_count: 1 });
    const prediction = t.db.prepare('SELECT result, score, model_version FROM predictions').get() as Record<
      string,
      unknown
    >;
    expect(JSON.parse(prediction.result as string)).toEqual([
      { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } },
    ]);
    expect(prediction).toMatchObject({ score: 1, model_version: 'preannotated' });
    expect(JSON.parse(taskRows(t, project)[0]!.data as string)).toEqual({ text: 'a', label: 'pos' });
    // An item without the field is imported without a prediction (Label Studio 1.22's check is behind a flag that is off).
    const missing = await importJson(t, project, [{ text: 'b' }], '?preannotated_from_fields=label');
    expect(await missing.json()).toMatchObject({ task_count: 1, prediction_count: 0 });
  });

  it('answers the /tasks/bulk alias like import', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const response = await t.withToken(`/api/projects/${project}/tasks/bulk/`, {
      method: 'POST',
      body: JSON.stringify([{ text: 'a' }]),
      headers: json,
    });
    expect(response.status).toBe(201);
    expect(countRows(t.db, 'tasks')).toBe(1);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };
const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/></Choices><Rating name="stars" toName="text"/></View>';

async function setUp(body: Record<string, unknown> = { label_config: CONFIG }) {
  const t = await createTestApp();
  const response = await t.withToken('/api/projects/', { method: 'POST', body: JSON.stringify(body), headers: json });
  const project = ((await response.json()) as { id: number }).id;
  return { t, project };
}

async function uploadCsv(t: TestApp, project: number, names: string[], query = '?commit_to_project=false') {
  const form = new FormData();
  for (const name of names) form.append('file', new Blob(['text\nrow\n']), name);
  const response = await t.withToken(`/api/projects/${project}/import${query}`, { method: 'POST', body: form });
  return ((await response.json()) as { file_upload_ids: number[] }).file_upload_ids;
}

describe('file uploads', () => {
  it('lists the requested uploads, all of them with all=true, and deletes them', async () => {
    const { t, project } = await setUp();
    const ids = await uploadCsv(t, project, ['a.csv', 'b.csv', 'c.csv']);
    const listed = await t.withToken(
      `/api/projects/${project}/file-uploads?ids=${encodeURIComponent(JSON.stringify(ids.slice(0, 2)))}`,
    );
    const items = (await listed.json()) as { id: number; file: string; size: number }[];
    expect(items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect(items[0]).toEqual({ id: ids[0], file: expect.stringMatching(/^upload\/\d+\/[0-9a-f]{8}-a\.csv$/), size: 9 });
    expect(((await (await t.withToken(`/api/projects/${project}/file-uploads`)).json()) as unknown[]).length).toBe(0);
    const all = await t.withToken(`/api/projects/${project}/file-uploads?all=true`);
    expect(((await all.json()) as unknown[]).length).toBe(3);
    const deleted = await t.withToken(`/api/projects/${project}/file-uploads`, {
      method: 'DELETE',
      body: JSON.stringify({ file_upload_ids: [ids[0]] }),
      headers: json,
    });
    expect(await deleted.json()).toEqual({ deleted: 1 });
    const rest = await t.withToken(`/api/projects/${project}/file-uploads`, { method: 'DELETE' });
    expect(await rest.json()).toEqual({ deleted: 2 });
    await expectEnvelope(
      await t.withToken(`/api/projects/${project}/file-uploads`, {
        method: 'DELETE',
        body: JSON.stringify({ file_upload_ids: 5 }),
        headers: json,
      }),
      400,
      'Validation error',
      { file_upload_ids: ['"file_upload_ids" parameter must be a list of integers'] },
    );
  });

  it('reads, replaces and deletes one upload; tasks keep their data when it goes', async () => {
    const { t, project } = await setUp();
    const [id] = await uploadCsv(t, project, ['a.csv'], '');
    const one = await t.withToken(`/api/import/file-upload/${id}`);
    expect(await one.json()).toMatchObject({ id, size: 9 });
    const form = new FormData();
    form.append('file', new Blob(['text\nnew row\nmore\n']), 'b.csv');
    const patched = await t.withToken(`/api/import/file-upload/${id}`, { method: 'PATCH', body: form });
    expect(await patched.json()).toMatchObject({ id, file: expect.stringMatching(/-b\.csv$/), size: 18 });
    await expectEnvelope(
      await t.withToken(`/api/import/file-upload/${id}`, { method: 'PATCH', body: '{"file": "x"}', headers: json }),
      400,
      'Validation error',
      { file: ['The submitted data was not a file. Check the encoding type on the form.'] },
    );
    expect((await t.withToken(`/api/import/file-upload/${id}`, { method: 'DELETE' })).status).toBe(204);
    await expectEnvelope(
      await t.withToken(`/api/import/file-upload/${id}`),
      404,
      'No FileUpload matches the given query.',
    );
    expect(countRows(t.db, 'tasks', 'file_upload IS NULL')).toBe(1);
  });
});

describe('POST /api/projects/{id}/import/predictions', () => {
  it('adds predictions to existing tasks, normalizing results, and updates counters', async () => {
    const { t, project } = await setUp();
    const imported = await t.withToken(`/api/projects/${project}/import?return_task_ids=true`, {
      method: 'POST',
      body: JSON.stringify([{ text: 'a' }, { text: 'b' }]),
      headers: json,
    });
    const { task_ids: tasks } = (await imported.json()) as { task_ids: number[] };
    const response = await t.withToken(`/api/projects/${project}/import/predictions`, {
      method: 'POST',
      body: JSON.stringify([
        { task: tasks[0], result: 'pos', score: 0.9, model_version: 'v1' },
        { task: tasks[0], result: 4 },
        { task: tasks[1], result: { choices: ['pos'] } },
      ]),
      headers: json,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ created: 3 });
    const rows = t.db.prepare('SELECT task, result, model_version FROM predictions ORDER BY id').all() as {
      result: string;
      model_version: string;
    }[];
    expect(rows.map((row) => JSON.parse(row.result))).toEqual([
      [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }],
      [{ from_name: 'stars', to_name: 'text', type: 'rating', value: { rating: [4] } }],
      [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }],
    ]);
    expect(rows.map((row) => row.model_version)).toEqual(['v1', 'undefined', 'undefined']);
    expect(countRows(t.db, 'tasks', `id = ${tasks[0]} AND total_predictions = 2`)).toBe(1);
  });

  it('refuses a task of another project, writing nothing', async () => {
    const { t, project } = await setUp();
    const response = await t.withToken(`/api/projects/${project}/import/predictions`, {
      method: 'POST',
      body: JSON.stringify([{ task: 12345, result: [] }]),
      headers: json,
    });
    await expectEnvelope(response, 400, 'Validation error', {
      non_field_errors: [
        `{'task': 12345, 'result': []} contains invalid "task" field: corresponding task ID couldn't be retrieved from project  (id=${project}) tasks`,
      ],
    });
    expect(countRows(t.db, 'predictions')).toBe(0);
  });
});

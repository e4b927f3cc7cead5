import { describe, expect, it } from 'vitest';
import { fileUploadListSchema, importAnswerSchema, reimportAnswerSchema } from '../../shared/api/imports.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };
const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="cat"/><Choice value="dog"/></Choices></View>';
const TEXT_CONFIG = '<View><Text name="text" value="$text"/></View>';
const TWO_KEYS = '<View><Text name="text" value="$text"/><Image name="image" value="$image"/></View>';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function createProject(t: TestApp, labelConfig?: string): Promise<number> {
  const body = labelConfig ? { label_config: labelConfig } : {};
  const response = await t.withToken('/api/projects/', { method: 'POST', body: JSON.stringify(body), headers: json });
  return ((await response.json()) as { id: number }).id;
}

function upload(t: TestApp, project: number, files: Record<string, string | Buffer>, query = '') {
  const form = new FormData();
  for (const [name, content] of Object.entries(files))
    form.append(name.split('#')[0]!, new Blob([content]), name.split('#').pop()!);
  return t.withToken(`/api/projects/${project}/import${query}`, { method: 'POST', body: form });
}

function taskData(t: TestApp, project: number): unknown[] {
  return (t.db.prepare('SELECT data FROM tasks WHERE project = ? ORDER BY id').all(project) as { data: string }[]).map(
    (row) => JSON.parse(row.data),
  );
}

describe('POST /api/projects/{id}/import with files', () => {
  it('reads a CSV with preannotated_from_fields into tasks with predictions', async () => {
    const t = await createTestApp();
    const project = await createProject(t, IMAGE_CONFIG);
    const csv = 'image,label,score\n/img/1.jpg,cat,1\n/img/2.jpg,dog,\n';
    const response = await upload(t, project, { 'file#data.csv': csv }, '?preannotated_from_fields=label');
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      task_count: 2,
      annotation_count: 0,
      prediction_count: 2,
      could_be_tasks_list: true,
      found_formats: { '.csv': 1 },
      data_columns: ['image', 'label', 'score'],
    });
    expect((body.file_upload_ids as number[]).length).toBe(1);
    // pandas: the score column is numeric, its empty cell becomes "".
    expect(taskData(t, project)).toEqual([
      { image: '/img/1.jpg', label: 'cat', score: 1 },
      { image: '/img/2.jpg', label: 'dog', score: '' },
    ]);
    const predictions = t.db.prepare('SELECT result FROM predictions ORDER BY id').all() as { result: string }[];
    expect(JSON.parse(predictions[1]!.result)).toEqual([
      { from_name: 'label', to_name: 'image', type: 'choices', value: { choices: ['dog'] } },
    ]);
    // Preannotated tasks lose their upload link, as in Label Studio.
    expect(countRows(t.db, 'tasks', 'file_upload IS NULL')).toBe(2);
  });

  it('detects ; separators, quotes and TSV files; links tasks to their upload', async () => {
    const t = await createTestApp();
    const project = await createProject(t, TEXT_CONFIG);
    const response = await upload(t, project, {
      'a#semi.csv': 'text;n\n"x; ""quoted""";2\n',
      'b#tabs.tsv': 'text\tn\nline\t3.5\n',
    });
    const body = (await response.json()) as { file_upload_ids: number[]; found_formats: unknown };
    expect(body.found_formats).toEqual({ '.csv': 1, '.tsv': 1 });
    expect(taskData(t, project)).toEqual([
      { text: 'x; "quoted"', n: 2 },
      { text: 'line', n: 3.5 },
    ]);
    const links = t.db.prepare('SELECT file_upload FROM tasks ORDER BY id').all() as { file_upload: number }[];
    expect(links.map((row) => row.file_upload)).toEqual(body.file_upload_ids);
  });

  it('reads a TXT file as one task per line into the first data key', async () => {
    const t = await createTestApp();
    const project = await createProject(t, TEXT_CONFIG);
    const response = await upload(t, project, { 'file#lines.txt': 'first line\nsecond line\n' });
    expect(await response.json()).toMatchObject({
      task_count: 2,
      could_be_tasks_list: true,
      data_columns: ['$undefined$'],
    });
    expect(taskData(t, project)).toEqual([{ text: 'first line' }, { text: 'second line' }]);
  });

  it('reads JSON files, wrapping items without truthy data; refuses JSON lines as Label Studio 1.22 does', async () => {
    const t = await createTestApp();
    const project = await createProject(t, TEXT_CONFIG);
    const tasks = JSON.stringify([{ text: 'bare' }, { data: { text: 'wrapped' }, predictions: [{ result: [] }] }]);
    const response = await upload(t, project, { 'a#tasks.json': tasks });
    expect(await response.json()).toMatchObject({ task_count: 2, prediction_count: 1, found_formats: { '.json': 1 } });
    expect(taskData(t, project)).toEqual([{ text: 'bare' }, { text: 'wrapped' }]);
    const lines = await upload(t, project, { 'b#more.jsonl': '{"text": "l1"}\n' });
    await expectEnvelope(lines, 400, 'Validation error', { non_field_errors: ['.jsonl extension is not supported'] });
  });

  it('stores an image as upload/<project>/<8 hex>-<name> and serves it back with Range', async () => {
    const t = await createTestApp();
    const project = await createProject(t, IMAGE_CONFIG);
    const response = await upload(t, project, { 'image#my photo.png': PNG });
    expect(response.status).toBe(201);
    const [data] = taskData(t, project) as { image: string }[];
    expect(data!.image).toMatch(new RegExp(`^/data/upload/${project}/[0-9a-f]{8}-my_photo\\.png$`));
    const full = await t.withToken(data!.image);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await full.arrayBuffer())).toEqual(PNG);
    const part = await t.withToken(data!.image, { headers: { Range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(PNG.subarray(1, 4));
    const tail = await t.withToken(data!.image, { headers: { Range: 'bytes=-4' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(PNG.subarray(PNG.length - 4));
    const beyond = await t.withToken(data!.image, { headers: { Range: `bytes=${PNG.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${PNG.length}`);
    expect((await t.request(data!.image)).status).toBe(401);
    expect((await t.withToken(`/data/upload/${project}/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await t.withToken(`/data/upload/${project}/00000000-nothing.png`)).status).toBe(404);
  });

  it('refuses unsupported extensions, inconsistent files and multi-key configs, leaving nothing', async () => {
    const t = await createTestApp();
    const project = await createProject(t, TEXT_CONFIG);
    await expectEnvelope(await upload(t, project, { 'file#tool.exe': 'MZ' }), 400, 'Validation error', {
      non_field_errors: ['.exe extension is not supported'],
    });
    const mixed = await upload(t, project, { 'a#rows.csv': 'text,n\nx,1\n', 'b#pic.png': PNG });
    const body = (await mixed.json()) as { validation_errors: { non_field_errors: string[] } };
    expect(body.validation_errors.non_field_errors[0]).toMatch(
      /^You're trying to import inconsistent data:\nuploading a single file upload\/\d+\/[0-9a-f]{8}-pic\.png clashes with data key\(s\) found from other files:\n"text,n"$/,
    );
    const multi = await createProject(t, TWO_KEYS);
    const single = await upload(t, multi, { 'file#page.html': '<p>hi</p>' });
    const message = ((await single.json()) as { validation_errors: { non_field_errors: string[] } }).validation_errors;
    expect(message.non_field_errors[0]).toMatch(
      /^Failed to parse input file [0-9a-f]{8}-page\.html: \[ErrorDetail\(string='Your label config has more than one data key.*', code='invalid'\)\]$/,
    );
    const broken = await upload(t, project, { 'file#bad.json': '[{"text": }]' });
    expect(
      ((await broken.json()) as { validation_errors: { non_field_errors: string[] } }).validation_errors
        .non_field_errors[0],
    ).toMatch(/^Failed to parse input file [0-9a-f]{8}-bad\.json: /);
    const invalid = await upload(t, project, { 'file#rows.csv': 'other\nx\n' });
    expect(invalid.status).toBe(400);
    expect(countRows(t.db, 'tasks')).toBe(0);
    expect(countRows(t.db, 'file_uploads')).toBe(0);
  });

  it('refuses files totalling the size limit with Label Studio message', async () => {
    const t = await createTestApp({ bodyLimitBytes: 1000 });
    const project = await createProject(t, TEXT_CONFIG);
    const response = await upload(t, project, { 'file#big.txt': 'x'.repeat(1200) });
    await expectEnvelope(response, 400, 'Validation error', {
      non_field_errors: ['Maximum total size of all files is 1000 bytes, current size is 1200 bytes'],
    });
    expect(countRows(t.db, 'file_uploads')).toBe(0);
  });

  it('keeps uploads without tasks when commit_to_project=false, then reimports them', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const first = await upload(
      t,
      project,
      { 'a#one.csv': 'ts\n1\n2\n3\n', 'b#two.csv': 'ts\n4\n5\n' },
      '?commit_to_project=false',
    );
    // Strictly the shared wire shapes, which the renderer reads them with.
    const body = importAnswerSchema.parse(await first.json());
    expect(body).toMatchObject({
      task_count: 5,
      annotation_count: null,
      prediction_count: null,
      could_be_tasks_list: true,
    });
    expect(countRows(t.db, 'tasks')).toBe(0);
    const reimport = (asList: boolean) =>
      t.withToken(`/api/projects/${project}/reimport`, {
        method: 'POST',
        body: JSON.stringify({ file_upload_ids: body.file_upload_ids, files_as_tasks_list: asList }),
        headers: json,
      });
    const uploads = fileUploadListSchema.parse(
      await (
        await t.withToken(`/api/projects/${project}/file-uploads?ids=${JSON.stringify(body.file_upload_ids)}`)
      ).json(),
    );
    expect(uploads.map((item) => item.id)).toEqual(body.file_upload_ids);
    const asTasks = await reimport(true);
    expect(asTasks.status).toBe(201);
    expect(reimportAnswerSchema.parse(await asTasks.json())).toMatchObject({
      task_count: 5,
      found_formats: { '.csv': 2 },
      data_columns: ['ts'],
    });
    const asFiles = reimportAnswerSchema.parse(await (await reimport(false)).json());
    expect(asFiles).toMatchObject({ task_count: 2, file_upload_ids: body.file_upload_ids });
    // Reimport replaced the five row tasks with one task per file.
    expect(countRows(t.db, 'tasks')).toBe(2);
    const none = await t.withToken(`/api/projects/${project}/reimport`, { method: 'POST', body: '{}', headers: json });
    expect(none.status).toBe(200);
    expect(reimportAnswerSchema.parse(await none.json())).toMatchObject({ task_count: 0, found_formats: {} });
  });
});

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { insertExportedTasks, readGolden, readGoldenOutput } from '../helpers/exportData.js';
import { insertPrediction } from '../helpers/projectData.js';
import { createTestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };
type Snapshot = Record<string, unknown> & { id: number; md5: string; status: string };

/** The golden "choices" example (project 3): a submitted, a skipped and an unannotated task. */
async function choicesProject() {
  const t = await createTestApp();
  const { config, tasks } = readGolden('choices');
  for (let i = 0; i < 3; i += 1) {
    const body = JSON.stringify({ title: 'Snapshot project', label_config: config });
    expect((await t.withToken('/api/projects', { method: 'POST', headers: json, body })).status).toBe(201);
  }
  insertExportedTasks(t.db, 3, tasks);
  const create = async (body: unknown = {}) => {
    const response = await t.withToken('/api/projects/3/exports/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Snapshot;
  };
  return { t, create };
}

function snapshotFiles(exportsDir: string): string[] {
  const folder = join(exportsDir, '3');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

describe('export snapshots', () => {
  it('creates a completed snapshot whose md5 is the file it wrote', async () => {
    const { t, create } = await choicesProject();
    const snapshot = await create();
    expect(Object.keys(snapshot)).toEqual([
      'title', 'id', 'created_by', 'created_at', 'finished_at', 'status', 'md5', 'counters', 'converted_formats',
      'task_filter_options', 'annotation_filter_options', 'serialization_options',
    ]); // prettier-ignore
    expect(snapshot).toMatchObject({
      title: 'Snapshot-project-at-2026-01-15-10-00',
      created_by: { id: t.userId, email: 'annotator@outpost.local' },
      created_at: '2026-01-15T10:00:00.000000Z',
      finished_at: '2026-01-15T10:00:00.000000Z',
      status: 'completed',
      counters: { task_number: 3 },
      converted_formats: [],
      task_filter_options: null,
    });
    const [file] = snapshotFiles(t.deps.exportsDir);
    expect(file).toMatch(
      new RegExp(`^project-3-at-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-${snapshot.md5.slice(0, 8)}\\.json$`),
    );
    const bytes = readFileSync(join(t.deps.exportsDir, '3', file!));
    expect(createHash('md5').update(bytes).digest('hex')).toBe(snapshot.md5);
    // Python's json module: ", " and ": " separators, "/" not escaped, floats with their fraction.
    expect(bytes.toString().startsWith('[{"id": 20, "annotations": [{"id": 20, "completed_by": 1, ')).toBe(true);
    expect(bytes.toString()).toContain('"lead_time": 6.75');
  });

  it('lists newest first, reads one, and 404s unknown ones', async () => {
    const { t, create } = await choicesProject();
    const first = await create({ title: 'first' });
    const second = await create({ title: 'second' });
    const list = (await (await t.withToken('/api/projects/3/exports')).json()) as Snapshot[];
    expect(list.map((item) => item.id)).toEqual([second.id, first.id]);
    const one = (await (await t.withToken(`/api/projects/3/exports/${first.id}`)).json()) as Snapshot;
    expect(one.title).toBe('first');
    expect(one).not.toHaveProperty('task_filter_options');
    await expectEnvelope(await t.withToken('/api/projects/3/exports/99'), 404, 'No Export matches the given query.');
    await expectEnvelope(await t.withToken('/api/projects/1/exports/1'), 404, 'No Export matches the given query.');
  });

  it('applies the task, annotation and serialization options', async () => {
    const { t, create } = await choicesProject();
    const prediction = insertPrediction(t.db, 20, 3);
    const download = async (snapshot: Snapshot) =>
      JSON.parse(await (await t.withToken(`/api/projects/3/exports/${snapshot.id}/download`)).text()) as Record<
        string,
        unknown
      >[];

    const annotated = await create({ task_filter_options: { annotated: 'only' } });
    expect(annotated.counters).toEqual({ task_number: 1 });
    expect((await download(annotated)).map((task) => task.id)).toEqual([20]);

    const withAnnotations = await create({ task_filter_options: { only_with_annotations: true, skipped: 'exclude' } });
    expect((await download(withAnnotations)).map((task) => task.id)).toEqual([20]);

    const usual = await download(await create({ annotation_filter_options: {} }));
    expect(usual.map((task) => (task.annotations as unknown[]).length)).toEqual([1, 0, 0]);
    const all = await download(await create({ annotation_filter_options: { usual: true, skipped: true } }));
    expect(all.map((task) => (task.annotations as unknown[]).length)).toEqual([1, 1, 0]);

    const ids = await download(await create());
    expect(ids[0]!.predictions).toEqual([prediction]);
    expect((ids[0]!.annotations as Record<string, unknown>[])[0]!.completed_by).toBe(1);
    const expanded = await download(
      await create({ serialization_options: { predictions: { only_id: false }, annotations__completed_by: {} } }),
    );
    expect((expanded[0]!.predictions as Record<string, unknown>[])[0]).toMatchObject({ id: prediction, task: 20 });
    expect((expanded[0]!.annotations as Record<string, unknown>[])[0]!.completed_by).toEqual({
      id: 1, email: 'annotator@outpost.local', first_name: '', last_name: '',
    }); // prettier-ignore
  });

  it('downloads the JSON file, or converts it on the fly like 1.22 CE', async () => {
    const { t, create } = await choicesProject();
    const snapshot = await create();
    const file = snapshotFiles(t.deps.exportsDir)[0]!;
    const raw = await t.withToken(`/api/projects/3/exports/${snapshot.id}/download`);
    expect(raw.headers.get('content-type')).toBe('application/json');
    expect(raw.headers.get('filename')).toBe(file);
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
    expect(Buffer.from(await raw.arrayBuffer()).equals(readFileSync(join(t.deps.exportsDir, '3', file)))).toBe(true);

    const csv = await t.withToken(`/api/projects/3/exports/${snapshot.id}/download?exportType=CSV`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('application/csv');
    expect(csv.headers.get('filename')).toBe(file.replace(/\.json$/, '.csv'));
    expect(await csv.text()).toBe(readGoldenOutput('choices', 'CSV', 'result.csv').toString());
    const min = await t.withToken(`/api/projects/3/exports/${snapshot.id}/download?exportType=JSON_MIN`);
    expect(await min.text()).toBe(readGoldenOutput('choices', 'JSON_MIN', 'result.json').toString());
    await expectEnvelope(
      await t.withToken(`/api/projects/3/exports/${snapshot.id}/download?exportType=NOPE`),
      400,
      'Unknown export format: NOPE',
    );
  });

  it("answers Label Studio's plain-text 404 while a snapshot is not completed", async () => {
    const { t, create } = await choicesProject();
    const snapshot = await create();
    t.db.prepare("UPDATE export_snapshots SET status = 'in_progress' WHERE id = ?").run(snapshot.id);
    const response = await t.withToken(`/api/projects/3/exports/${snapshot.id}/download`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toBe('Export is not completed');
  });

  it('converts once per type and records the converted file', async () => {
    const { t, create } = await choicesProject();
    const snapshot = await create();
    const convert = (body: unknown) =>
      t.withToken(`/api/projects/3/exports/${snapshot.id}/convert`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
    const converted = await convert({ export_type: 'TSV' });
    expect(converted.status).toBe(200);
    const answer = (await converted.json()) as { export_type: string; converted_format: number };
    expect(answer).toEqual({ export_type: 'TSV', converted_format: expect.any(Number) as number });
    await expectEnvelope(await convert({ export_type: 'TSV' }), 400, 'Validation error', {
      non_field_errors: ['Conversion to TSV already started'],
    });
    await expectEnvelope(await convert({ export_type: 'COCO' }), 400, 'Validation error', {
      export_type: ['COCO is not supported export format'],
    });
    await expectEnvelope(await convert({}), 400, 'Validation error', { export_type: ['This field is required.'] });
    const after = (await (await t.withToken(`/api/projects/3/exports/${snapshot.id}`)).json()) as Snapshot;
    expect(after.converted_formats).toEqual([
      { id: answer.converted_format, status: 'completed', export_type: 'TSV', traceback: null },
    ]);
    const files = snapshotFiles(t.deps.exportsDir);
    expect(files).toHaveLength(2);
    const tsv = files.find((name) => name.endsWith('.csv'))!;
    expect(readFileSync(join(t.deps.exportsDir, '3', tsv))).toEqual(readGoldenOutput('choices', 'TSV', 'result.csv'));
  });

  it('removes the files with their snapshot, and with their project', async () => {
    const { t, create } = await choicesProject();
    const snapshot = await create();
    await t.withToken(`/api/projects/3/exports/${snapshot.id}/convert`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ export_type: 'CSV' }),
    });
    expect(snapshotFiles(t.deps.exportsDir)).toHaveLength(2);
    expect((await t.withToken(`/api/projects/3/exports/${snapshot.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(snapshotFiles(t.deps.exportsDir)).toEqual([]);
    await expectEnvelope(
      await t.withToken(`/api/projects/3/exports/${snapshot.id}`),
      404,
      'No Export matches the given query.',
    );

    await create();
    expect(snapshotFiles(t.deps.exportsDir)).toHaveLength(1);
    expect((await t.withToken('/api/projects/3', { method: 'DELETE' })).status).toBe(204);
    expect(existsSync(join(t.deps.exportsDir, '3'))).toBe(false);
  });
});

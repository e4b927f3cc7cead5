import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageWritesSettled } from '../../electron/core/storages/exportSync.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { call, choices, createProject } from '../helpers/taskApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const KEYS = [
  'id',
  'type',
  'synchronizable',
  'path',
  'regex_filter',
  'use_blob_urls',
  'last_sync',
  'last_sync_count',
  'last_sync_job',
  'status',
  'traceback',
  'meta',
  'title',
  'description',
  'created_at',
  'recursive_scan',
  'project',
];

/** A document root with a data folder inside it, and an app serving local files from it. */
async function withRoot() {
  const root = mkdtempSync(join(tmpdir(), 'outpost-root-'));
  const data = join(root, 'dataset1');
  mkdirSync(join(data, 'nested'), { recursive: true });
  const t = await createTestApp({ localFiles: { servingEnabled: true, documentRoot: root, userPicksFolders: false } });
  const project = await createProject(t);
  return { t, root, data, project };
}

async function addStorage(t: TestApp, project: number, fields: Record<string, unknown>, direction = '') {
  const created = await call(t, 'POST', `/api/storages/${direction}localfiles`, { project, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Record<string, unknown> & { id: number };
}

const tasksOf = async (t: TestApp, project: number) =>
  (await call(t, 'GET', `/api/tasks/?project=${project}&page_size=1000&fields=all`)).body.tasks as {
    id: number;
    data: Record<string, unknown>;
    storage_filename: string | null;
  }[];

describe('local-files storages', () => {
  it('saves a storage inside the document root, in Label Studio shape', async () => {
    const { t, data, project } = await withRoot();
    const storage = await addStorage(t, project, { path: `${data}/`, title: 'Reviews', regex_filter: '.*json' });
    expect(Object.keys(storage)).toEqual(KEYS);
    expect(storage).toMatchObject({
      type: 'localfiles',
      synchronizable: true,
      path: data,
      regex_filter: '.*json',
      use_blob_urls: false,
      last_sync: null,
      last_sync_count: null,
      status: 'initialized',
      meta: {},
      title: 'Reviews',
      description: null,
      recursive_scan: false,
      project,
    });
    expect((await call(t, 'GET', `/api/storages/?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/localfiles/${storage.id}`)).body).toEqual(storage);
    expect((await call(t, 'GET', '/api/storages/types')).body).toEqual([
      { name: 's3', title: 'AWS S3' },
      { name: 'gcs', title: 'Google Cloud Storage' },
      { name: 'azure', title: 'Microsoft Azure' },
      { name: 'redis', title: 'Redis' },
      { name: 'localfiles', title: 'Local files' },
    ]);
  });

  it('refuses folders outside the root, the root itself, missing ones, and serving switched off', async () => {
    const { t, root, project } = await withRoot();
    const refused = async (path: string, app = t) =>
      (await call(app, 'POST', '/api/storages/localfiles', { project, path })).body.validation_errors?.non_field_errors;
    expect(await refused('/etc')).toEqual([
      `Absolute local path "/etc" must be a subdirectory of LOCAL_FILES_DOCUMENT_ROOT="${root}" by security reasons. ` +
        `For example: "${join(root, 'dataset1')}".`,
    ]);
    expect((await refused(root))![0]).toMatch(/cannot be the same as LOCAL_FILES_DOCUMENT_ROOT/);
    expect(await refused(join(root, 'nope'))).toEqual([`Absolute local path "${join(root, 'nope')}" does not exist`]);
    const off = await createTestApp({
      localFiles: { servingEnabled: false, documentRoot: root, userPicksFolders: false },
    });
    const offProject = await createProject(off);
    const disabled = await call(off, 'POST', '/api/storages/localfiles', {
      project: offProject,
      path: join(root, 'dataset1'),
    });
    expect(disabled.body.validation_errors.non_field_errors[0]).toMatch(
      /^Serving local files from the host filesystem/,
    );
    await expectEnvelope(await t.withToken('/api/storages/localfiles'), 400, 'Validation error', {
      non_field_errors: ['query parameter "project" is required'],
    });
    await expectEnvelope(
      await t.withToken('/api/storages/localfiles/999'),
      404,
      'No LocalFilesImportStorage matches the given query.',
    );
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });
  });

  it('imports JSON task files, then only new ones, linking each task to its file', async () => {
    const { t, data, project } = await withRoot();
    writeFileSync(join(data, 'a.json'), JSON.stringify({ text: 'one' }));
    writeFileSync(join(data, 'b.json'), JSON.stringify([{ data: { text: 'two' } }, { text: 'three' }]));
    writeFileSync(join(data, 'nested', 'c.json'), JSON.stringify({ text: 'deep' }));
    const storage = await addStorage(t, project, { path: data, regex_filter: '.*\\.json' });
    const synced = await call(t, 'POST', `/api/storages/localfiles/${storage.id}/sync`);
    expect(synced.body).toMatchObject({ status: 'completed', last_sync_count: 3, traceback: null });
    expect(synced.body.meta).toMatchObject({ attempts: 1, tasks_existed: 0 });
    expect(synced.body.meta.time_completed).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    let tasks = await tasksOf(t, project);
    expect(tasks.map((task) => task.data.text)).toEqual(['one', 'two', 'three']);
    expect(tasks.map((task) => task.storage_filename)).toEqual([
      join(data, 'a.json'),
      join(data, 'b.json'),
      join(data, 'b.json'),
    ]);
    writeFileSync(join(data, 'd.json'), JSON.stringify({ text: 'four' }));
    const again = await call(t, 'POST', `/api/storages/localfiles/${storage.id}/sync`);
    expect(again.body).toMatchObject({
      status: 'completed',
      last_sync_count: 1,
      meta: { attempts: 2, tasks_existed: 3 },
    });
    tasks = await tasksOf(t, project);
    expect(tasks.map((task) => task.data.text)).toEqual(['one', 'two', 'three', 'four']);
    await call(t, 'PATCH', `/api/storages/localfiles/${storage.id}`, { recursive_scan: true });
    await call(t, 'POST', `/api/storages/localfiles/${storage.id}/sync`);
    expect((await tasksOf(t, project)).map((task) => task.data.text)).toContain('deep');
  });

  it('makes one task per file with blob URLs, served to signed-in clients only', async () => {
    const { t, data, project } = await withRoot();
    writeFileSync(join(data, 'photo one.png'), Buffer.from([1, 2, 3, 4, 5]));
    const storage = await addStorage(t, project, { path: data, use_blob_urls: true });
    await call(t, 'POST', `/api/storages/localfiles/${storage.id}/sync`);
    const [task] = await tasksOf(t, project);
    expect(task!.data.text).toBe('/data/local-files/?d=dataset1/photo%20one.png');
    const served = await t.withToken('/data/local-files/?d=dataset1/photo%20one.png', {
      headers: { Range: 'bytes=1-2' },
    });
    expect(served.status).toBe(206);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from([2, 3]));
    expect((await t.request('/data/local-files/?d=dataset1/photo%20one.png')).status).toBe(401);
    for (const outside of ['../../etc/passwd', '/etc/passwd', 'dataset1/../../etc/passwd', 'other/file.png']) {
      expect((await t.withToken(`/data/local-files/?d=${encodeURIComponent(outside)}`)).status).toBe(404);
    }
  });

  it('fails a sync with a malformed JSON file, saying which, and imports nothing', async () => {
    const { t, data, project } = await withRoot();
    writeFileSync(join(data, 'a.json'), JSON.stringify({ text: 'fine' }));
    writeFileSync(join(data, 'b.json'), '{"text": "broken"');
    const storage = await addStorage(t, project, { path: data });
    const failed = await call(t, 'POST', `/api/storages/localfiles/${storage.id}/sync`);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.traceback).toBe(
      `Can't import JSON-formatted tasks from ${join(data, 'b.json')}. If you're trying to import binary objects, ` +
        'perhaps you forgot to enable "Tasks" import method?',
    );
    expect(await tasksOf(t, project)).toEqual([]);
    writeFileSync(join(data, 'b.json'), JSON.stringify({ data: 'not an object' }));
    const invalid = await call(t, 'POST', `/api/storages/localfiles/${storage.id}/sync`);
    expect(invalid.body.status).toBe('failed');
    expect(invalid.body.traceback).toMatch(/b\.json: Error at item 1/);
    expect(await tasksOf(t, project)).toEqual([]);
    writeFileSync(join(data, 'c.png'), 'x');
    const wrongKind = await call(t, 'POST', `/api/storages/localfiles/${storage.id}/sync`);
    expect(wrongKind.body.traceback).toMatch(/^File ".*c\.png" is not a JSON\/JSONL\/Parquet file/);
  });

  it('exports every annotation on sync and each one saved, and deletes when allowed', async () => {
    const { t, root, project } = await withRoot();
    const out = join(root, 'exported');
    mkdirSync(out);
    const task = (await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'héllo' } })).body
      .id as number;
    const first = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') })).body
      .id as number;
    const storage = await addStorage(t, project, { path: out, can_delete_objects: true }, 'export/');
    // Made and synced at once (SYNC_ON_TARGET_STORAGE_CREATION).
    expect(storage).toMatchObject({ status: 'completed', last_sync_count: 1, can_delete_objects: true });
    const written = readFileSync(join(out, String(first)), 'utf8');
    const object = JSON.parse(written) as Record<string, unknown>;
    expect(Object.keys(object).slice(0, 6)).toEqual([
      'id',
      'result',
      'created_username',
      'created_ago',
      'completed_by',
      'task',
    ]);
    expect(object.task).toMatchObject({ id: task, data: { text: 'héllo' }, precomputed_agreement: null });
    expect(written).toContain('"h\\u00e9llo"');
    expect(written.startsWith('{\n  "id": ')).toBe(true);
    const second = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('neg') })).body
      .id as number;
    await storageWritesSettled(t.db);
    expect(readdirSync(out).sort()).toEqual([String(first), String(second)].sort());
    await t.withToken(`/api/annotations/${first}/`, { method: 'DELETE' });
    await storageWritesSettled(t.db);
    expect(readdirSync(out)).toEqual([String(second)]);
  });
});

import { describe, expect, it } from 'vitest';
import { findStorage } from '../../electron/core/db/repos/storagesRepo.js';
import { createAzureClient } from '../../electron/core/storages/clients/azureClient.js';
import { storageWritesSettled } from '../../electron/core/storages/exportSync.js';
import { configOf } from '../../electron/core/storages/manageStorages.js';
import { StorageError } from '../../electron/core/storages/storageClient.js';
import { storageDepsFrom } from '../../electron/core/storages/storageDeps.js';
import { AZURITE_ACCOUNT, AZURITE_KEY, containerWith, useAzurite } from '../helpers/azuriteServer.js';
import { call, choices, createProject } from '../helpers/taskApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/* Azure Blob storages' import and export syncs, SAS URLs and streaming, against Azurite. */

const azurite = useAzurite();
const CREDENTIALS = { account_name: AZURITE_ACCOUNT, account_key: AZURITE_KEY };

async function appWithProject() {
  const t = await createTestApp();
  return { t, project: await createProject(t) };
}

async function addStorage(t: TestApp, project: number, fields: Record<string, unknown>, direction = '') {
  const created = await call(t, 'POST', `/api/storages/${direction}azure`, { project, ...CREDENTIALS, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Record<string, unknown> & { id: number };
}

const sync = async (t: TestApp, id: number) => (await call(t, 'POST', `/api/storages/azure/${id}/sync`)).body;

const tasksOf = async (t: TestApp, project: number) =>
  (await call(t, 'GET', `/api/tasks/?project=${project}&page_size=1000&fields=all`)).body.tasks as {
    data: Record<string, unknown>;
    storage_filename: string | null;
  }[];

/** The keys `/files` lists for these settings (the storage's own listing). */
async function keysListed(t: TestApp, project: number, fields: Record<string, unknown>) {
  const listed = await call(t, 'POST', '/api/storages/azure/files', { project, ...CREDENTIALS, ...fields });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return (listed.body.files as { key: string }[]).map((file) => file.key);
}

describe('Azure Blob storages: syncs and media', () => {
  it('lists one level or all under the prefix, skipping folders, with the regex on whole names', async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), {
      'data/': '',
      'data/a.json': '{}',
      'data/b.txt': 'b',
      'data/sub/c.json': '{}',
      'other/d.json': '{}',
      'top.json': '{}',
    });
    const base = { container: name, prefix: 'data/' };
    expect(await keysListed(t, project, base)).toEqual(['data/a.json', 'data/b.txt']);
    expect(await keysListed(t, project, { ...base, recursive_scan: true })).toEqual([
      'data/a.json',
      'data/b.txt',
      'data/sub/c.json',
    ]);
    const filter = { ...base, recursive_scan: true, regex_filter: '.*\\.json' };
    expect(await keysListed(t, project, filter)).toEqual(['data/a.json', 'data/sub/c.json']);
    // re.match: anchored at the start of the whole name, the prefix included.
    expect(await keysListed(t, project, { ...filter, regex_filter: 'a\\.json' })).toEqual([]);
    expect(await keysListed(t, project, { ...filter, regex_filter: 'data/sub' })).toEqual(['data/sub/c.json']);
    expect(await keysListed(t, project, { container: name })).toEqual(['top.json']);
  });

  it('imports JSON task files, then only new ones, one level or recursively', async () => {
    const { t, project } = await appWithProject();
    const { name, client } = await containerWith(azurite(), {
      'tasks/a.json': JSON.stringify({ text: 'one' }),
      'tasks/b.json': JSON.stringify([{ data: { text: 'two' } }, { text: 'three' }]),
      'tasks/deep/c.json': JSON.stringify({ text: 'deep' }),
    });
    const storage = await addStorage(t, project, { container: name, prefix: 'tasks' });
    expect(await sync(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 3, traceback: null });
    let tasks = await tasksOf(t, project);
    expect(tasks.map((task) => task.data.text)).toEqual(['one', 'two', 'three']);
    expect(tasks.map((task) => task.storage_filename)).toEqual(['tasks/a.json', 'tasks/b.json', 'tasks/b.json']);

    await client.getBlockBlobClient('tasks/d.json').upload('{"text": "four"}', 16);
    expect(await sync(t, storage.id)).toMatchObject({ last_sync_count: 1, meta: { tasks_existed: 3 } });
    await call(t, 'PATCH', `/api/storages/azure/${storage.id}`, { recursive_scan: true });
    expect(await sync(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 1 });
    tasks = await tasksOf(t, project);
    expect(tasks.map((task) => task.data.text)).toEqual(['one', 'two', 'three', 'four', 'deep']);
  });

  it('makes one task per blob with blob URLs, filtered by the regex', async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), { 'img/photo one.png': 'png', 'img/notes.txt': 'x' });
    const storage = await addStorage(t, project, {
      container: name,
      prefix: 'img',
      use_blob_urls: true,
      regex_filter: '.*\\.png$',
    });
    expect(await sync(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 1 });
    const stored = t.db.prepare('SELECT data FROM tasks WHERE project = ?').all(project) as { data: string }[];
    expect(stored.map((row) => JSON.parse(row.data))).toEqual([{ text: `azure-blob://${name}/img/photo one.png` }]);
  });

  it('fails a sync with a malformed JSON blob, saying which, and imports nothing', async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), {
      'a.json': JSON.stringify({ text: 'fine' }),
      'b.json': '{"text": "broken"',
    });
    const storage = await addStorage(t, project, { container: name });
    const failed = await sync(t, storage.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.traceback).toBe(
      "Can't import JSON-formatted tasks from b.json. If you're trying to import binary objects, perhaps you forgot " +
        'to enable "Tasks" import method?',
    );
    expect(await tasksOf(t, project)).toEqual([]);
  });

  it('exports every annotation under the prefix on sync and on save, and deletes when allowed', async () => {
    const { t, project } = await appWithProject();
    const { name, client } = await containerWith(azurite());
    const task = (await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'hi' } })).body.id as number;
    const first = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') })).body
      .id as number;
    const target = await addStorage(
      t,
      project,
      { container: name, prefix: 'out', can_delete_objects: true },
      'export/',
    );
    expect(target).toMatchObject({ status: 'completed', last_sync_count: 1, can_delete_objects: true });
    const written = JSON.parse((await client.getBlobClient(`out/${first}`).downloadToBuffer()).toString('utf8'));
    expect(written).toMatchObject({ id: first, task: { id: task, data: { text: 'hi' } } });

    const second = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('neg') })).body
      .id as number;
    await storageWritesSettled(t.db);
    const names = async () => {
      const found: string[] = [];
      for await (const blob of client.listBlobsFlat()) found.push(blob.name);
      return found.sort();
    };
    expect(await names()).toEqual([`out/${first}`, `out/${second}`].sort());
    await t.withToken(`/api/annotations/${first}/`, { method: 'DELETE' });
    await storageWritesSettled(t.db);
    expect(await names()).toEqual([`out/${second}`]);
    expect(findStorage(t.db, target.id)?.traceback).toBeNull();
  });

  it('signs a read-only SAS URL that fetches the bytes, and streams a blob', async () => {
    const { t, project } = await appWithProject();
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    const { name } = await containerWith(azurite(), { 'media/clip one.bin': bytes });
    const storage = await addStorage(t, project, { container: name, use_blob_urls: true });
    const row = findStorage(t.db, storage.id)!;
    const client = createAzureClient(configOf(storageDepsFrom(t.deps), row));
    const uri = `azure-blob://${name}/media/clip one.bin`;
    expect(client.uriOf('media/clip one.bin')).toBe(uri);
    expect(client.canResolve(uri)).toBe(true);
    expect(client.canResolve(`<img src="${uri}"/>`)).toBe(true);
    expect(client.canResolve(`azure-blob://other-box/media/clip one.bin`)).toBe(false);
    expect(client.canResolve(`s3://${name}/media/clip one.bin`)).toBe(false);

    const url = (await client.presignedUrl(uri, 60))!;
    expect(url).toMatch(/[?&]sp=r(&|$)/);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    const unsigned = await fetch(url.split('?')[0]!);
    expect(unsigned.status).not.toBe(200);

    const opened = await client.open(uri);
    expect(opened.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);
    const probe = await client.open(uri, undefined, 'bytes=0-0');
    expect(probe).toMatchObject({ status: 206, size: 1, contentRange: 'bytes 0-0/6' });
    expect(Buffer.concat((await probe.body.toArray()) as Buffer[])).toEqual(bytes.subarray(0, 1));
    await expect(client.open(`azure-blob://${name}/missing.bin`)).rejects.toBeInstanceOf(StorageError);
    await expect(client.read('media/clip one.bin', 3)).rejects.toThrow(/is larger than 3 bytes/);
    await client.close();
  });

  it('serves task media through the resolve route: a redirect to a SAS URL, or streamed with ranges', async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), { 'a/clip.txt': '0123456789' });
    const storage = await addStorage(t, project, { container: name, prefix: 'a', use_blob_urls: true });
    await sync(t, storage.id);
    const resolveUrl = (await tasksOf(t, project))[0]!.data.text as string;
    expect(resolveUrl).toMatch(/^\/tasks\/\d+\/resolve\/\?fileuri=/);
    const redirected = await t.withToken(resolveUrl);
    expect(redirected.status).toBe(303);
    expect(await (await fetch(redirected.headers.get('location')!)).text()).toBe('0123456789');

    await call(t, 'PATCH', `/api/storages/azure/${storage.id}`, { presign: false });
    const streamed = await t.withToken(resolveUrl);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-range')).toBe('bytes 0-9/10');
    expect(await streamed.text()).toBe('0123456789');
    const ranged = await t.withToken(resolveUrl, { headers: { Range: 'bytes=2-5' } });
    expect(ranged.status).toBe(206);
    // Label Studio's Azure download reads a range's end as exclusive, and says so in Content-Range.
    expect(ranged.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await ranged.text()).toBe('234');
  });
});

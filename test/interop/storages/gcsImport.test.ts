import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/taskApi.js';
import type { TestApp } from '../../helpers/testApp.js';
import { addGcsStorage, gcsApp, importedTasks, newBucket, syncImport, useFakeGcs } from './gcsRig.js';

/*
 * GCS import syncs through Outpost's API against fake-gcs-server, following Label Studio's
 * GCS.iter_blobs: the prefix read as a folder, one level unless `recursive_scan`, folder
 * placeholders skipped, the regex matched (re.match) against the whole key; then each object as
 * a task naming it (`gs://bucket/key`) or as JSON tasks; a re-sync adds only new objects.
 */

const gcs = useFakeGcs();

const tasksOf = async (t: TestApp, project: number) =>
  (await call(t, 'GET', `/api/tasks/?project=${project}&page_size=1000&fields=all`)).body.tasks as {
    data: Record<string, unknown>;
    storage_filename: string | null;
  }[];

/** What `POST /api/storages/gcs/files` says these settings would import. */
async function filesFor(t: TestApp, settings: Record<string, unknown>): Promise<string[]> {
  const answer = await call(t, 'POST', '/api/storages/gcs/files', settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.files as { key: string }[]).map((file) => file.key);
}

describe('GCS storages: import sync', () => {
  it('lists one level or all, skips folders, and filters whole keys from their start', async () => {
    const bucket = await newBucket(gcs());
    for (const key of ['images/a.png', 'images/b.jpg', 'images/sub/c.png', 'images/dir/', 'imagesque.png']) {
      await gcs().putObject(bucket, key, 'x', 'image/png');
    }
    const { t, project } = await gcsApp();
    const base = { project, bucket, prefix: 'images' };
    expect(await filesFor(t, base)).toEqual(['images/a.png', 'images/b.jpg']);
    expect(await filesFor(t, { ...base, recursive_scan: true })).toEqual([
      'images/a.png',
      'images/b.jpg',
      'images/sub/c.png',
    ]);
    expect(await filesFor(t, { ...base, recursive_scan: true, regex_filter: '.*\\.png' })).toEqual([
      'images/a.png',
      'images/sub/c.png',
    ]);
    // re.match: anchored at the key's start, so a file-name pattern matches nothing.
    expect(await filesFor(t, { ...base, regex_filter: 'a\\.png' })).toEqual([]);
    // No prefix, one level: only the bucket's top-level objects.
    expect(await filesFor(t, { project, bucket })).toEqual(['imagesque.png']);
  });

  it('makes one task per object with blob URLs, and a re-sync adds only new objects', async () => {
    const bucket = await newBucket(gcs());
    for (const key of ['images/a.png', 'images/b.jpg', 'images/sub/c.png', 'images/dir/']) {
      await gcs().putObject(bucket, key, 'x', 'image/png');
    }
    const { t, project } = await gcsApp();
    const storage = await addGcsStorage(t, project, {
      bucket,
      prefix: 'images/',
      use_blob_urls: true,
      regex_filter: '.*\\.png',
    });
    const first = await syncImport(t, storage.id);
    expect(first).toMatchObject({ status: 'completed', last_sync_count: 1, traceback: null });
    expect(first.meta).toMatchObject({ attempts: 1, tasks_existed: 0 });
    expect(importedTasks(t)).toEqual([{ value: `gs://${bucket}/images/a.png`, key: 'images/a.png', rowIndex: null }]);

    await call(t, 'PATCH', `/api/storages/gcs/${storage.id}`, { recursive_scan: true });
    await gcs().putObject(bucket, 'images/d.png', 'x', 'image/png');
    const second = await syncImport(t, storage.id);
    expect(second).toMatchObject({ status: 'completed', last_sync_count: 2, meta: { attempts: 2, tasks_existed: 1 } });

    await call(t, 'PATCH', `/api/storages/gcs/${storage.id}`, { regex_filter: null });
    const third = await syncImport(t, storage.id);
    expect(third).toMatchObject({ status: 'completed', last_sync_count: 1, meta: { tasks_existed: 3 } });
    expect(importedTasks(t).map((task) => [task.key, task.value])).toEqual([
      ['images/a.png', `gs://${bucket}/images/a.png`],
      ['images/d.png', `gs://${bucket}/images/d.png`],
      ['images/sub/c.png', `gs://${bucket}/images/sub/c.png`],
      ['images/b.jpg', `gs://${bucket}/images/b.jpg`],
    ]);
    expect((await syncImport(t, storage.id)).last_sync_count).toBe(0);

    // `presign` is on, but nothing can be signed for an emulator: Outpost's resolve proxy streams it.
    const { task } = t.db.prepare("SELECT task FROM storage_import_links WHERE key = 'images/a.png'").get() as {
      task: number;
    };
    const fileuri = Buffer.from(`gs://${bucket}/images/a.png`)
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const served = await t.withToken(`/tasks/${task}/resolve/?fileuri=${fileuri}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await served.text()).toBe('x');
  });

  it('reads JSON task files (one task, a list, JSON lines), then only new ones, deeper when recursive', async () => {
    const bucket = await newBucket(gcs());
    const put = (key: string, value: string) => gcs().putObject(bucket, key, value, 'application/json');
    await put('tasks/one.json', JSON.stringify({ text: 'one' }));
    await put('tasks/many.json', JSON.stringify([{ data: { text: 'two' } }, { text: 'three' }]));
    await put('tasks/more/deep.json', JSON.stringify({ text: 'deep' }));
    const { t, project } = await gcsApp();
    const storage = await addGcsStorage(t, project, { bucket, prefix: 'tasks' });
    expect(await syncImport(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 3 });
    let tasks = await tasksOf(t, project);
    expect(tasks.map((task) => task.data.text)).toEqual(['two', 'three', 'one']);
    expect(tasks.map((task) => task.storage_filename)).toEqual([
      'tasks/many.json',
      'tasks/many.json',
      'tasks/one.json',
    ]);
    expect(importedTasks(t).map((task) => task.rowIndex)).toEqual([0, 1, null]);

    await put('tasks/lines.jsonl', `${JSON.stringify({ text: 'l1' })}\n${JSON.stringify({ text: 'l2' })}\n`);
    const again = await syncImport(t, storage.id);
    expect(again).toMatchObject({ status: 'completed', last_sync_count: 2, meta: { tasks_existed: 3 } });
    await call(t, 'PATCH', `/api/storages/gcs/${storage.id}`, { recursive_scan: true });
    expect(await syncImport(t, storage.id)).toMatchObject({ last_sync_count: 1 });
    tasks = await tasksOf(t, project);
    expect(tasks.map((task) => task.data.text)).toEqual(['two', 'three', 'one', 'l1', 'l2', 'deep']);
  });

  it('fails a sync on a malformed JSON object, saying which, and imports none of it', async () => {
    const bucket = await newBucket(gcs());
    await gcs().putObject(bucket, 'a.json', JSON.stringify({ text: 'fine' }));
    await gcs().putObject(bucket, 'b.json', '{"text": "broken"');
    const { t, project } = await gcsApp();
    const storage = await addGcsStorage(t, project, { bucket });
    const failed = await syncImport(t, storage.id);
    expect(failed).toMatchObject({ status: 'failed', last_sync_count: null });
    expect(failed.traceback).toBe(
      "Can't import JSON-formatted tasks from b.json. If you're trying to import binary objects, " +
        'perhaps you forgot to enable "Tasks" import method?',
    );
    expect(await tasksOf(t, project)).toEqual([]);
    expect(t.db.prepare('SELECT count(*) AS n FROM storage_import_links').get()).toEqual({ n: 0 });

    await gcs().putObject(bucket, 'b.json', JSON.stringify({ text: 'mended' }));
    expect(await syncImport(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 2 });
    expect((await tasksOf(t, project)).map((task) => task.data.text)).toEqual(['fine', 'mended']);
  });
});

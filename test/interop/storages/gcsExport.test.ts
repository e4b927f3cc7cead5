import { describe, expect, it } from 'vitest';
import { storageWritesSettled } from '../../../electron/core/storages/exportSync.js';
import { call, choices, createTask } from '../../helpers/taskApi.js';
import type { TestApp } from '../../helpers/testApp.js';
import { addGcsStorage, gcsApp, newBucket, useFakeGcs } from './gcsRig.js';

/*
 * GCS export storages through Outpost's API against fake-gcs-server: each annotation written as
 * `<prefix>/<annotation id>` (GCSExportStorage.save_annotation: the prefix, a slash, the id; text/plain,
 * as upload_from_string stores a str), on the sync that creating the storage runs, on every save,
 * and removed with the annotation where `can_delete_objects` allows.
 */

const gcs = useFakeGcs();

async function annotate(t: TestApp, task: number, label: string): Promise<number> {
  const answer = await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices(label) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
}

async function objectJson(bucket: string, key: string): Promise<Record<string, unknown>> {
  const object = await gcs().getObject(bucket, key);
  expect(object, `${bucket}/${key}`).not.toBeNull();
  return JSON.parse(object!.body.toString('utf8')) as Record<string, unknown>;
}

describe('GCS storages: export', () => {
  it('writes every annotation on creation, each one saved, and deletes only where allowed', async () => {
    const bucket = await newBucket(gcs());
    const { t, project } = await gcsApp();
    const task = await createTask(t, project, { text: 'héllo' });
    const first = await annotate(t, task, 'pos');

    const deleting = await addGcsStorage(t, project, { bucket, prefix: 'out', can_delete_objects: true }, 'export/');
    expect(deleting).toMatchObject({ type: 'gcs', status: 'completed', last_sync_count: 1, can_delete_objects: true });
    expect(JSON.stringify(deleting)).not.toContain('google_application_credentials');
    const keeping = await addGcsStorage(t, project, { bucket, can_delete_objects: false }, 'export/');
    expect(keeping).toMatchObject({ status: 'completed', last_sync_count: 1 });
    expect((await gcs().listKeys(bucket)).sort()).toEqual([String(first), `out/${first}`].sort());
    const written = await gcs().getObject(bucket, `out/${first}`);
    expect(written!.contentType).toMatch(/^text\/plain/);
    // json.dumps with its defaults: one line, `, ` and `: ` between items, non-ASCII escaped.
    expect(written!.body.toString('utf8')).toMatch(/^\{"id": \d+, "result": \[\{"/);
    expect(written!.body.toString('utf8')).not.toContain('\n');
    expect(written!.body.toString('utf8')).toContain('"h\\u00e9llo"');
    expect(await objectJson(bucket, `out/${first}`)).toMatchObject({
      id: first,
      result: choices('pos'),
      task: { id: task, data: { text: 'héllo' } },
    });

    const second = await annotate(t, task, 'neg');
    await call(t, 'PATCH', `/api/annotations/${first}/`, { result: choices('neg') });
    await storageWritesSettled(t.db);
    expect((await gcs().listKeys(bucket)).sort()).toEqual(
      [String(first), String(second), `out/${first}`, `out/${second}`].sort(),
    );
    expect(await objectJson(bucket, `out/${first}`)).toMatchObject({ result: choices('neg') });
    expect(await objectJson(bucket, String(second))).toMatchObject({ id: second, task: { id: task } });

    expect((await t.withToken(`/api/annotations/${first}/`, { method: 'DELETE' })).ok).toBe(true);
    await storageWritesSettled(t.db);
    expect((await gcs().listKeys(bucket)).sort()).toEqual([String(first), String(second), `out/${second}`].sort());
    const resynced = await call(t, 'POST', `/api/storages/export/gcs/${deleting.id}/sync`);
    expect(resynced.body).toMatchObject({ status: 'completed', last_sync_count: 1, traceback: null });
  });

  it('records a failed background write on the storage instead of losing it silently', async () => {
    const bucket = await newBucket(gcs());
    const { t, project } = await gcsApp();
    const task = await createTask(t, project);
    const storage = await addGcsStorage(t, project, { bucket, prefix: 'out' }, 'export/');
    // The (still empty) bucket goes away: the next write fails with the emulator's 404.
    expect((await fetch(`${gcs().url}/storage/v1/b/${bucket}`, { method: 'DELETE' })).ok).toBe(true);
    await annotate(t, task, 'pos');
    await storageWritesSettled(t.db);
    const after = await call(t, 'GET', `/api/storages/export/gcs/${storage.id}`);
    expect(after.body.traceback).toMatch(/^An annotation could not be written: 404 /);
  });
});

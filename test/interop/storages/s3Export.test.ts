import { describe, expect, it } from 'vitest';
import { storageWritesSettled } from '../../../electron/core/storages/exportSync.js';
import { choices } from '../../helpers/taskApi.js';
import { addS3Storage, call, createProject, syncS3, useS3Rig } from './s3Fixtures.js';

/* S3 export storages against moto: where and what Label Studio writes. */

describe('S3 export storages against moto', () => {
  const rig = useS3Rig();

  it("writes each annotation as json.dumps' one line under <prefix>/<id>, on sync and on every save", async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-export');
    const project = await createProject(t);
    const task = (await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'héllo' } })).body
      .id as number;
    const first = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') })).body
      .id as number;
    const storage = await addS3Storage(t, moto, project, 'outpost-export', { prefix: 'out' }, 'export/');
    // Made and synced at once (SYNC_ON_TARGET_STORAGE_CREATION).
    expect(storage).toMatchObject({ status: 'completed', last_sync_count: 1, can_delete_objects: null });
    const written = await moto.get('outpost-export', `out/${first}`);
    const text = written!.body.toString('utf8');
    // json.dumps with its defaults: one line, ", " and ": ", ASCII only.
    expect(text.startsWith(`{"id": ${first}, "result": [{"id": "r1", "from_name": "label"`)).toBe(true);
    expect(text).not.toContain('\n');
    expect(text).toContain('"h\\u00e9llo"');
    expect(written!.contentType).toBe('binary/octet-stream');
    const object = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(object).slice(0, 6)).toEqual([
      'id',
      'result',
      'created_username',
      'created_ago',
      'completed_by',
      'task',
    ]);
    expect(object.task).toMatchObject({ id: task, data: { text: 'héllo' } });

    const second = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('neg') })).body
      .id as number;
    await storageWritesSettled(t.db);
    expect(JSON.parse((await moto.get('outpost-export', `out/${second}`))!.body.toString()).result[0].value).toEqual({
      choices: ['neg'],
    });
    await call(t, 'PATCH', `/api/annotations/${second}/`, { result: choices('pos') });
    await storageWritesSettled(t.db);
    expect(JSON.parse((await moto.get('outpost-export', `out/${second}`))!.body.toString()).result[0].value).toEqual({
      choices: ['pos'],
    });
    // Without can_delete_objects the object stays when its annotation goes.
    await call(t, 'DELETE', `/api/annotations/${second}/`);
    await storageWritesSettled(t.db);
    expect(await moto.get('outpost-export', `out/${second}`)).not.toBeNull();
    expect((await syncS3(t, storage.id, 'export/')).last_sync_count).toBe(1);
  });

  it('deletes the object with its annotation when can_delete_objects is on; no prefix writes at the top', async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-delete');
    const project = await createProject(t);
    const task = (await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'x' } })).body.id as number;
    await addS3Storage(t, moto, project, 'outpost-delete', { can_delete_objects: true }, 'export/');
    const annotation = (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') })).body
      .id as number;
    await storageWritesSettled(t.db);
    expect(await moto.get('outpost-delete', String(annotation))).not.toBeNull();
    await call(t, 'DELETE', `/api/annotations/${annotation}/`);
    await storageWritesSettled(t.db);
    expect(await moto.get('outpost-delete', String(annotation))).toBeNull();
  });

  it('records a failed export sync when the bucket went away', async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-vanishing');
    const project = await createProject(t);
    const task = (await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'x' } })).body.id as number;
    await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices('pos') });
    const storage = await addS3Storage(t, moto, project, 'outpost-vanishing', {}, 'export/');
    t.db
      .prepare("UPDATE storages SET settings = json_set(settings, '$.bucket', 'outpost-gone') WHERE id = ?")
      .run(storage.id);
    const failed = await syncS3(t, storage.id, 'export/');
    expect(failed).toMatchObject({ status: 'failed', traceback: 'Cannot find bucket outpost-gone in S3' });
  });
});

import { describe, expect, it } from 'vitest';
import { MOTO_KEYS } from './motoServer.js';
import { addS3Storage, call, createProject, s3Fields, syncS3, tasksOf, useS3Rig } from './s3Fixtures.js';

/* S3 storages against a real S3 API (moto): saving, checking, importing. */

const IMPORT_KEYS = [
  'id',
  'type',
  'synchronizable',
  'presign',
  'last_sync',
  'last_sync_count',
  'last_sync_job',
  'status',
  'traceback',
  'meta',
  'title',
  'description',
  'created_at',
  'bucket',
  'prefix',
  'regex_filter',
  'use_blob_urls',
  'aws_session_token',
  'aws_sse_kms_key_id',
  'region_name',
  's3_endpoint',
  'presign_ttl',
  'recursive_scan',
  'project',
];

const choice = (value: string) => [
  { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [value] } },
];

describe('S3 storages against moto', () => {
  const rig = useS3Rig();

  it('saves, checks, lists, changes and deletes a storage; secrets never come back nor reach the database', async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-crud');
    await moto.put('outpost-crud', 'data/a.json', JSON.stringify({ text: 'a' }));
    const project = await createProject(t);
    const storage = await addS3Storage(t, moto, project, 'outpost-crud', { prefix: 'data', title: 'Bucket' });
    expect(Object.keys(storage)).toEqual(IMPORT_KEYS);
    expect(storage).toMatchObject({
      type: 's3',
      presign: true,
      status: 'initialized',
      bucket: 'outpost-crud',
      prefix: 'data',
      s3_endpoint: moto.url,
      presign_ttl: 1,
      recursive_scan: false,
      aws_session_token: null,
    });
    expect((await call(t, 'GET', `/api/storages/s3?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/s3/${storage.id}`)).body).toEqual(storage);
    const stored = JSON.stringify(t.db.prepare('SELECT * FROM storages').all());
    expect(stored).not.toContain(MOTO_KEYS.aws_secret_access_key);
    expect(stored).not.toContain(MOTO_KEYS.aws_access_key_id);
    expect(JSON.parse(stored)[0].secrets_set).toBe('["aws_access_key_id","aws_secret_access_key"]');

    const validated = await call(t, 'POST', '/api/storages/s3/validate', {
      project,
      ...s3Fields(moto, 'outpost-crud'),
    });
    expect(validated.status).toBe(200);
    // The saved secrets stand in for blank ones (the UI sends its form back without them).
    const patched = await call(t, 'PATCH', `/api/storages/s3/${storage.id}`, {
      title: 'Renamed',
      prefix: 'data/',
      aws_secret_access_key: '',
    });
    expect(patched.body).toMatchObject({ title: 'Renamed', prefix: 'data/' });
    const files = await call(t, 'POST', '/api/storages/s3/files', {
      project,
      ...s3Fields(moto, 'outpost-crud', { prefix: 'data' }),
    });
    expect(files.body.files).toEqual([
      { key: 'data/a.json', last_modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), size: 12 },
    ]);
    expect((await call(t, 'DELETE', `/api/storages/s3/${storage.id}`)).status).toBe(204);
    const gone = await call(t, 'GET', `/api/storages/s3/${storage.id}`);
    expect([gone.status, gone.body.detail]).toEqual([404, 'No S3ImportStorage matches the given query.']);
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });
  });

  it("refuses a missing bucket, a bad name, an empty prefix, a dead endpoint and keys S3 doesn't know", async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-checks');
    const project = await createProject(t);
    const refused = async (fields: Record<string, unknown>, direction = '') => {
      const answer = await call(t, 'POST', `/api/storages/${direction}s3`, { project, ...fields });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.validation_errors;
    };
    expect(await refused(s3Fields(moto, 'outpost-nope'))).toEqual({
      non_field_errors: ['Cannot find bucket outpost-nope in S3'],
    });
    expect((await refused(s3Fields(moto, 'bad name!'))).bucket[0]).toMatch(
      /^Invalid bucket name "bad name!": Bucket name must match the regex/,
    );
    expect(await refused(s3Fields(moto, 'outpost-checks', { prefix: 'empty' }))).toEqual({
      non_field_errors: ['s3://outpost-checks/empty not found.'],
    });
    // An export storage may start with nothing under its prefix.
    const created = await call(t, 'POST', '/api/storages/export/s3', {
      project,
      ...s3Fields(moto, 'outpost-checks', { prefix: 'empty' }),
    });
    expect(created.status).toBe(201);
    const dead = await refused(s3Fields(moto, 'outpost-checks', { s3_endpoint: 'http://127.0.0.1:1' }));
    expect(dead.non_field_errors[0]).toMatch(/^Cannot reach S3 at http:\/\/127\.0\.0\.1:1: /);
    await moto.requireCredentials(true);
    try {
      expect(await refused(s3Fields(moto, 'outpost-checks'))).toEqual({
        non_field_errors: ['Cannot connect to S3 outpost-checks with specified AWS credentials'],
      });
    } finally {
      await moto.requireCredentials(false);
    }
    const saved = t.db.prepare("SELECT count(*) AS n FROM storages WHERE direction = 'import' AND project = ?");
    expect(saved.get(project)).toEqual({ n: 0 });
  });

  it('imports JSON task files with annotations and predictions, then only new objects', async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-json');
    const many = [
      {
        data: { text: 'two' },
        annotations: [{ result: choice('pos') }],
        predictions: [{ result: choice('neg'), score: 0.5, model_version: 'v1' }],
      },
      { text: 'three' },
    ];
    await moto.put('outpost-json', 'tasks/one.json', JSON.stringify({ text: 'one' }));
    await moto.put('outpost-json', 'tasks/many.json', JSON.stringify(many));
    await moto.put('outpost-json', 'tasks/', '');
    await moto.put('outpost-json', 'tasks/nested/deep.json', JSON.stringify({ text: 'deep' }));
    await moto.put('outpost-json', 'elsewhere/out.json', JSON.stringify({ text: 'outside' }));
    const project = await createProject(t);
    const storage = await addS3Storage(t, moto, project, 'outpost-json', { prefix: 'tasks', regex_filter: '.*json' });
    const synced = await syncS3(t, storage.id);
    expect(synced).toMatchObject({ status: 'completed', last_sync_count: 3, traceback: null });
    expect(synced.meta).toMatchObject({ attempts: 1, tasks_existed: 0 });
    let tasks = await tasksOf(t, project);
    // Keys come in S3's order (byte order of the key).
    expect(tasks.map((task) => task.data.text)).toEqual(['two', 'three', 'one']);
    expect(tasks.map((task) => task.storage_filename)).toEqual([
      'tasks/many.json',
      'tasks/many.json',
      'tasks/one.json',
    ]);
    expect(tasks[0]!.annotations.map((annotation) => annotation.result)).toEqual([choice('pos')]);
    expect(tasks[0]!.predictions).toMatchObject([{ result: choice('neg'), score: 0.5, model_version: 'v1' }]);

    await moto.put('outpost-json', 'tasks/zzz.json', JSON.stringify({ text: 'four' }));
    const again = await syncS3(t, storage.id);
    expect(again).toMatchObject({ status: 'completed', last_sync_count: 1, meta: { attempts: 2, tasks_existed: 3 } });
    await call(t, 'PATCH', `/api/storages/s3/${storage.id}`, { recursive_scan: true });
    expect(await syncS3(t, storage.id)).toMatchObject({ last_sync_count: 1 });
    tasks = await tasksOf(t, project);
    expect(tasks.map((task) => task.data.text)).toEqual(['two', 'three', 'one', 'four', 'deep']);
  });

  it('matches the regex filter against the whole key, from its start', async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-regex');
    await moto.put('outpost-regex', 'in/keep.json', JSON.stringify({ text: 'keep' }));
    await moto.put('outpost-regex', 'in/drop.json', JSON.stringify({ text: 'drop' }));
    const count = async (regex: string) => {
      const project = await createProject(t);
      const storage = await addS3Storage(t, moto, project, 'outpost-regex', { prefix: 'in', regex_filter: regex });
      return (await syncS3(t, storage.id)).last_sync_count;
    };
    expect(await count('keep')).toBe(0);
    expect(await count('in/k')).toBe(1);
    expect(await count('.*\\.json$')).toBe(2);
  });

  it('fails a sync with a malformed JSON object, saying which, and imports nothing', async () => {
    const { t, moto } = rig();
    await moto.createBucket('outpost-broken');
    await moto.put('outpost-broken', 'a.json', JSON.stringify({ text: 'fine' }));
    await moto.put('outpost-broken', 'b.json', '{"text": "broken"');
    const project = await createProject(t);
    const storage = await addS3Storage(t, moto, project, 'outpost-broken');
    const failed = await syncS3(t, storage.id);
    expect(failed.status).toBe('failed');
    expect(failed.traceback).toBe(
      "Can't import JSON-formatted tasks from b.json. If you're trying to import binary objects, perhaps you " +
        'forgot to enable "Tasks" import method?',
    );
    expect(await tasksOf(t, project)).toEqual([]);
    expect(t.db.prepare('SELECT count(*) AS n FROM storage_import_links WHERE storage = ?').get(storage.id)).toEqual({
      n: 0,
    });
    expect(t.db.prepare('SELECT count(*) AS n FROM storage_sync_staging').get()).toEqual({ n: 0 });
  });
});

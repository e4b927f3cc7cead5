import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProject } from '../../helpers/taskApi.js';
import { freePort, startRedisServer, type RedisServer } from '../../helpers/redisServer.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';

/*
 * Redis storages saved through Outpost's API, against a real redis-server
 * with a password: the shape Label Studio's Redis serializers print, the password kept out of
 * answers and out of the database, and every way a connection can be refused said in words.
 */

const IMPORT_KEYS = [
  'id',
  'type',
  'synchronizable',
  'path',
  'host',
  'port',
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
  'db',
  'project',
];
const CANNOT_CONNECT = { non_field_errors: ["Can't connect to Redis server."] };

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer({ password: 's3cret-pass' });
});
afterAll(async () => {
  await redis?.stop();
});

async function appWithProject() {
  const t = await createTestApp();
  return { t, project: await createProject(t) };
}

const settings = (extra: Record<string, unknown> = {}) => ({
  host: redis.host,
  port: redis.port,
  password: redis.password,
  ...extra,
});

/** Every value of every row of every table, as text: where a leaked secret would show. */
function databaseText(t: TestApp): string {
  const tables = t.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  return tables.map(({ name }) => JSON.stringify(t.db.prepare(`SELECT * FROM "${name}"`).all())).join('\n');
}

describe('Redis storages: settings', () => {
  it('creates, lists, reads, changes and deletes an import storage, never showing the password', async () => {
    const { t, project } = await appWithProject();
    const created = await call(t, 'POST', '/api/storages/redis', {
      project,
      title: 'Queue',
      path: 'tasks:',
      ...settings(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const storage = created.body as Record<string, unknown> & { id: number };
    expect(Object.keys(storage)).toEqual(IMPORT_KEYS);
    expect(storage).toMatchObject({
      type: 'redis',
      path: 'tasks:',
      host: redis.host,
      port: redis.port,
      db: 1,
      use_blob_urls: false,
      status: 'initialized',
      title: 'Queue',
      project,
    });
    expect((await call(t, 'GET', `/api/storages/redis?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/redis/${storage.id}`)).body).toEqual(storage);

    // A change without the password keeps the stored one: the connection is checked with it.
    const patched = await call(t, 'PATCH', `/api/storages/redis/${storage.id}`, { path: 'other:', db: 3 });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ path: 'other:', db: 3 });
    const validated = await call(t, 'POST', '/api/storages/redis/validate', { id: storage.id, project, db: 4 });
    expect(validated.status).toBe(200);

    const everything = JSON.stringify([created.body, patched.body]) + databaseText(t);
    expect(everything).not.toContain('s3cret-pass');
    const row = t.db.prepare('SELECT settings, secrets_set FROM storages WHERE id = ?').get(storage.id);
    expect(row).toEqual({ settings: expect.not.stringContaining('password'), secrets_set: '["password"]' });

    expect((await call(t, 'DELETE', `/api/storages/redis/${storage.id}`)).status).toBe(204);
    expect((await call(t, 'GET', `/api/storages/redis/${storage.id}`)).status).toBe(404);
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });
  });

  it('validates settings without saving them', async () => {
    const { t, project } = await appWithProject();
    expect((await call(t, 'POST', '/api/storages/redis/validate', { project, ...settings() })).status).toBe(200);
    const export_ = await call(t, 'POST', '/api/storages/export/redis/validate', { project, ...settings({ db: 5 }) });
    expect(export_.status).toBe(200);
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });
  });

  it("refuses a wrong or missing password with Label Studio's words, and says why on export", async () => {
    const { t, project } = await appWithProject();
    for (const password of ['wrong', null]) {
      const refused = await call(t, 'POST', '/api/storages/redis', { project, ...settings({ password }) });
      expect(refused.status).toBe(400);
      expect(refused.body.validation_errors).toEqual(CANNOT_CONNECT);
    }
    const wrong = await call(t, 'POST', '/api/storages/export/redis', { project, ...settings({ password: 'wrong' }) });
    expect(wrong.body.validation_errors.non_field_errors).toEqual([
      `Can't connect to Redis server at ${redis.host}:${redis.port}: the password was refused.`,
    ]);
    const none = await call(t, 'POST', '/api/storages/export/redis', { project, ...settings({ password: '' }) });
    expect(none.body.validation_errors.non_field_errors[0]).toMatch(/: the server requires a password\.$/);
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });
  });

  it('fails fast and in words when nothing listens, the host is unknown or the port is not one', async () => {
    const { t, project } = await appWithProject();
    const port = String(await freePort());
    const started = Date.now();
    const refused = await call(t, 'POST', '/api/storages/redis', { project, host: '127.0.0.1', port });
    expect(refused.status).toBe(400);
    expect(refused.body.validation_errors).toEqual(CANNOT_CONNECT);
    expect(Date.now() - started).toBeLessThan(5_000);
    const said = async (fields: Record<string, unknown>) =>
      (await call(t, 'POST', '/api/storages/export/redis', { project, ...fields })).body.validation_errors
        .non_field_errors[0] as string;
    expect(await said({ host: '127.0.0.1', port })).toBe(
      `Can't connect to Redis server at 127.0.0.1:${port}: connection refused (is Redis running there?).`,
    );
    expect(await said({ host: 'no-such-host.invalid', port })).toMatch(/: host "no-such-host\.invalid" not found\.$/);
    expect(await said({ host: '127.0.0.1', port: 'http' })).toBe('Redis port "http" is not a port number.');
    expect(await said({ ...settings(), db: 99 })).toMatch(/: the server has no database 99\.$/);
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const { t, project } = await appWithProject();
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = String((silent.address() as { port: number }).port);
    try {
      const started = Date.now();
      const made = await call(t, 'POST', '/api/storages/export/redis', { project, host: '127.0.0.1', port });
      expect(made.body.validation_errors.non_field_errors).toEqual([
        `Can't connect to Redis server at 127.0.0.1:${port}: no answer within 3 seconds.`,
      ]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });

  it("keeps Label Studio's databases: 1 for import, 2 for export, never 0", async () => {
    const { t, project } = await appWithProject();
    const made = await call(t, 'POST', '/api/storages/export/redis', { project, ...settings() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ db: 2, can_delete_objects: null, status: 'completed' });
    const zero = await call(t, 'POST', '/api/storages/redis', { project, ...settings({ db: 0 }) });
    expect(zero.body.validation_errors).toEqual(CANNOT_CONNECT);
    const zeroExport = await call(t, 'POST', '/api/storages/export/redis', { project, ...settings({ db: 0 }) });
    expect(zeroExport.body.validation_errors.non_field_errors).toEqual([
      'Please explicitly pass a redis db id to prevent accidentally overwriting existing database!',
    ]);
  });
});

import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storageWritesSettled } from '../../../electron/core/storages/exportSync.js';
import { VENV_PYTHON } from '../labelStudio.js';
import { call, choices, createProject, createTask } from '../../helpers/taskApi.js';
import { startRedisServer, type RedisServer } from '../../helpers/redisServer.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';
import { expectEventually } from '../../helpers/eventually.js';

/*
 * Redis storages syncing through Outpost's API against a real redis-server. Import: every key
 * under `path` (SCAN `path*`) is task JSON text, a re-sync adds only new keys, a broken value
 * fails the sync with nothing imported. Export: each annotation is `json.dumps` text under
 * `path` + its id, written on sync and on save, deleted with it when allowed.
 */

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

// Every connection Outpost opened is closed again (a sync closes its own in the background).
afterEach(async () => {
  const client = await redis.client(1);
  try {
    await expectEventually(async () => /connected_clients:(\d+)/.exec(await client.info('clients'))?.[1], {
      timeout: 2_000,
    }).toBe('1');
  } finally {
    client.destroy();
  }
});

/** Empties database `db` and sets each key to its value (a string, or a hash for an object). */
async function seed(db: number, values: Record<string, string | Record<string, string>>) {
  const client = await redis.client(db);
  try {
    await client.flushDb();
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string') await client.set(key, value);
      else await client.hSet(key, value);
    }
  } finally {
    client.destroy();
  }
}

async function valuesOf(db: number, pattern: string): Promise<Record<string, string | null>> {
  const client = await redis.client(db);
  try {
    const keys: string[] = [];
    for await (const page of client.scanIterator({ MATCH: pattern })) keys.push(...page);
    keys.sort();
    return Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await client.get(key)] as const)));
  } finally {
    client.destroy();
  }
}

async function addStorage(t: TestApp, fields: Record<string, unknown>, direction = '') {
  const created = await call(t, 'POST', `/api/storages/${direction}redis`, {
    host: redis.host,
    port: redis.port,
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Record<string, unknown> & { id: number };
}

const sync = async (t: TestApp, id: number) => (await call(t, 'POST', `/api/storages/redis/${id}/sync`)).body;

async function texts(t: TestApp, project: number): Promise<string[]> {
  const { body } = await call(t, 'GET', `/api/tasks/?project=${project}&page_size=1000&fields=all`);
  return (body.tasks as { data: { text: string } }[]).map((task) => task.data.text).sort();
}

async function appWithProject() {
  const t = await createTestApp();
  return { t, project: await createProject(t) };
}

describe('Redis storages: import sync', () => {
  it('imports the task JSON under the path, then only new keys, linking each task to its key', async () => {
    await seed(1, {
      'tasks:1': JSON.stringify({ text: 'one' }),
      'tasks:2': JSON.stringify([{ data: { text: 'two' } }, { text: 'three' }]),
      'tasks:empty': '',
      'other:1': JSON.stringify({ text: 'outside' }),
    });
    const { t, project } = await appWithProject();
    const storage = await addStorage(t, { project, path: 'tasks:' });
    expect(await sync(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 3, traceback: null });
    expect(await texts(t, project)).toEqual(['one', 'three', 'two']);
    const { body } = await call(t, 'GET', `/api/tasks/?project=${project}&fields=all`);
    const files = (body.tasks as { storage_filename: string }[]).map((task) => task.storage_filename).sort();
    expect(files).toEqual(['tasks:1', 'tasks:2', 'tasks:2']);

    const client = await redis.client(1);
    await client.set('tasks:3', JSON.stringify({ data: { text: 'four' } }));
    client.destroy();
    const again = await sync(t, storage.id);
    expect(again).toMatchObject({ status: 'completed', last_sync_count: 1, meta: { attempts: 2, tasks_existed: 3 } });
    expect(await texts(t, project)).toEqual(['four', 'one', 'three', 'two']);
  });

  it('reads every key with an empty path, honours the regex filter and the database number', async () => {
    await seed(1, { 'a:1': '{"text": "a1"}', 'a:2': '{"text": "a2"}', 'b:1': '{"text": "b1"}' });
    await seed(5, { 'a:9': '{"text": "in five"}' });
    const { t, project } = await appWithProject();
    for (const path of ['', null]) {
      const all = await addStorage(t, { project, path });
      expect((await sync(t, all.id)).last_sync_count).toBe(3);
    }
    const { t: filtered, project: second } = await appWithProject();
    const regex = await addStorage(filtered, { project: second, regex_filter: 'a:[2-9]|b' });
    await sync(filtered, regex.id);
    expect(await texts(filtered, second)).toEqual(['a2', 'b1']);
    const other = await addStorage(filtered, { project: second, path: 'a:', db: 5 });
    await sync(filtered, other.id);
    expect(await texts(filtered, second)).toEqual(['a2', 'b1', 'in five']);
    const listed = await call(filtered, 'POST', '/api/storages/redis/files', {
      project: second,
      host: redis.host,
      port: redis.port,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect((listed.body.files as { key: string }[]).map((file) => file.key).sort()).toEqual(['a:1', 'a:2', 'b:1']);
  });

  it('pages through a database larger than one SCAN page, never sending KEYS', async () => {
    const values = Object.fromEntries(
      Array.from({ length: 2_500 }, (_, index) => [`bulk:${index}`, `{"text": "${index}"}`]),
    );
    await seed(1, values);
    const client = await redis.client(1);
    try {
      await client.configResetStat();
      const { t, project } = await appWithProject();
      const storage = await addStorage(t, { project, path: 'bulk:' });
      expect(await sync(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 2_500 });
      const tasks = t.db.prepare('SELECT count(DISTINCT data) AS n FROM tasks WHERE project = ?').get(project);
      expect(tasks).toEqual({ n: 2_500 });
      const stats = await client.info('commandstats');
      expect(stats).not.toContain('cmdstat_keys:');
      expect(Number(/cmdstat_scan:calls=(\d+)/.exec(stats)?.[1])).toBeGreaterThan(1);
    } finally {
      client.destroy();
    }
  });

  it('reads values as task JSON even with use_blob_urls, as Label Studio does', async () => {
    await seed(1, { 'task.txt': '{"text": "json all the same"}' });
    const { t, project } = await appWithProject();
    const storage = await addStorage(t, { project, use_blob_urls: true });
    expect(await sync(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 1 });
    expect(await texts(t, project)).toEqual(['json all the same']);
  });

  it('fails a sync on a malformed value or a non-string key, importing nothing', async () => {
    await seed(1, { 'q:1': '{"text": "fine"}', 'q:2': '{"text": "broken"' });
    const { t, project } = await appWithProject();
    const storage = await addStorage(t, { project, path: 'q:' });
    const failed = await sync(t, storage.id);
    expect(failed.status).toBe('failed');
    expect(failed.traceback).toBe(
      "Can't import JSON-formatted tasks from q:2. If you're trying to import binary objects, perhaps you forgot " +
        'to enable "Tasks" import method?',
    );
    expect(await texts(t, project)).toEqual([]);
    await seed(1, { 'q:1': '{"text": "fine"}', 'q:2': { field: 'value' } });
    const wrongType = await sync(t, storage.id);
    expect(wrongType).toMatchObject({
      status: 'failed',
      traceback: 'Redis key "q:2" holds a hash, not task JSON text.',
    });
    expect(await texts(t, project)).toEqual([]);
  });

  it('fails a sync in words when the server has gone away', async () => {
    const gone = await startRedisServer();
    const { t, project } = await appWithProject();
    const storage = await addStorage(t, { project, port: gone.port });
    await gone.stop();
    const failed = await sync(t, storage.id);
    expect(failed.status).toBe('failed');
    expect(failed.traceback).toBe(
      `Can't connect to Redis server at ${redis.host}:${gone.port}: connection refused (is Redis running there?).`,
    );
  });
});

describe('Redis storages: export', () => {
  /** What Python's json.dumps writes for the same document: the text must not change. */
  const pythonDumps = (text: string) =>
    execFileSync(VENV_PYTHON, ['-c', 'import json,sys; sys.stdout.write(json.dumps(json.loads(sys.stdin.read())))'], {
      input: text,
      encoding: 'utf8',
    });

  it('writes each annotation on sync and on save under the path, and deletes it when allowed', async () => {
    await seed(2, {});
    const { t, project } = await appWithProject();
    const task = await createTask(t, project, { text: 'héllo' });
    const annotate = async (label: string) =>
      (await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: choices(label) })).body.id as number;
    const first = await annotate('pos');
    const deleting = await addStorage(t, { project, path: 'ann:', can_delete_objects: true }, 'export/');
    expect(deleting).toMatchObject({ status: 'completed', last_sync_count: 1, db: 2, can_delete_objects: true });
    const keeping = await addStorage(t, { project, path: 'kept:' }, 'export/');
    expect(keeping).toMatchObject({ status: 'completed', last_sync_count: 1 });

    const written = (await valuesOf(2, 'ann:*'))[`ann:${first}`]!;
    expect(written.startsWith('{"id": ')).toBe(true);
    expect(written).toBe(pythonDumps(written));
    expect(written).toContain('"h\\u00e9llo"');
    const object = JSON.parse(written) as { id: number; result: unknown; task: { id: number } };
    expect(object).toMatchObject({ id: first, result: choices('pos'), task: { id: task } });

    const second = await annotate('neg');
    await call(t, 'PATCH', `/api/annotations/${first}/`, { result: choices('neg') });
    await storageWritesSettled(t.db);
    const both = await valuesOf(2, 'ann:*');
    expect(Object.keys(both)).toEqual([`ann:${first}`, `ann:${second}`].sort());
    expect(JSON.parse(both[`ann:${first}`]!)).toMatchObject({ result: choices('neg') });

    await call(t, 'DELETE', `/api/annotations/${first}/`);
    await storageWritesSettled(t.db);
    expect(Object.keys(await valuesOf(2, 'ann:*'))).toEqual([`ann:${second}`]);
    expect(Object.keys(await valuesOf(2, 'kept:*'))).toEqual([`kept:${first}`, `kept:${second}`].sort());
    const synced = await call(t, 'POST', `/api/storages/export/redis/${keeping.id}/sync`);
    expect(synced.body).toMatchObject({ status: 'completed', last_sync_count: 1 });
  });
});

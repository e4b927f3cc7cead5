import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../electron/core/serve.js';
import { call, createProject } from '../helpers/taskApi.js';
import { rawGet } from '../helpers/rawGet.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

const SECRET = 'the secret outside every served folder';

/** A document root with one storage folder, and a secret file and folder beside the root, not in it. */
function layout() {
  const base = mkdtempSync(join(tmpdir(), 'outpost-traversal-'));
  const root = join(base, 'root');
  const dataset = join(root, 'dataset');
  const outside = join(base, 'outside');
  mkdirSync(dataset, { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(dataset, 'a.txt'), 'served');
  writeFileSync(join(root, 'beside.txt'), SECRET);
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  symlinkSync(join(outside, 'secret.txt'), join(dataset, 'link.txt'));
  symlinkSync(outside, join(dataset, 'linked-folder'));
  symlinkSync(join(root, 'beside.txt'), join(dataset, 'beside-link.txt'));
  return { base, root, dataset, outside };
}

/** A GET sent with its path exactly as written (no client-side dot-segment removal). */
function tokenGet(url: string, path: string) {
  return rawGet(url, path, { Authorization: `Token ${TEST_TOKEN}` });
}

describe('path traversal in /data/local-files/?d=', () => {
  it('serves a file of the storage folder and nothing outside it, however the path is written', async () => {
    const { root, outside } = layout();
    const t = await createTestApp({
      localFiles: { servingEnabled: true, documentRoot: root, userPicksFolders: false },
    });
    const project = await createProject(t);
    const created = await call(t, 'POST', '/api/storages/localfiles', { project, path: join(root, 'dataset') });
    expect(created.status).toBe(201);
    const get = (d: string) => t.withToken(`/data/local-files/?d=${d}`);
    const ok = await get('dataset/a.txt');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('served');

    const up = relative(root, outside); // ../outside
    for (const d of [
      `dataset/../${up}/secret.txt`,
      `dataset/..%2f..%2f${up.slice(3)}%2fsecret.txt`,
      `dataset%2f%2e%2e%2f%2e%2e%2f${up.slice(3)}%2fsecret.txt`,
      `dataset%252f%252e%252e%252fbeside.txt`,
      `dataset\\..\\..\\${up.slice(3)}\\secret.txt`,
      `dataset/..\\beside.txt`,
      'dataset/../beside.txt',
      encodeURIComponent(join(outside, 'secret.txt')),
      encodeURIComponent(join(root, 'beside.txt')),
      `dataset/a.txt%00/../../beside.txt`,
      'dataset/a.txt%00.png',
      'dataset/link.txt',
      'dataset/linked-folder/secret.txt',
      'dataset/beside-link.txt',
    ]) {
      const response = await get(d);
      expect([403, 404], d).toContain(response.status);
      expect(await response.text(), d).not.toContain(SECRET);
    }
  });
});

describe('path traversal in /data/upload/, /data/remote/ and the renderer files', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-traversal-data-'));
    writeFileSync(join(dataDir, 'secret.txt'), SECRET);
    const rendererDir = join(dataDir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>shell</title>');
    server = await startServer({ dataDir, port: 0, token: TEST_TOKEN, rendererDir, warn: () => {} });
  });
  afterAll(() => server.close());

  it('never answers with a file of the data folder or beyond', async () => {
    const escapes = [
      '..%2F..%2F..%2Fsecret.txt',
      '%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
      '%252e%252e%252f%252e%252e%252fsecret.txt',
      '..%5C..%5C..%5Csecret.txt',
      '..\\..\\..\\secret.txt',
      '%2Fetc%2Fpasswd',
      'x.txt%00..%2F..%2Fsecret.txt',
    ];
    const paths = [
      ...escapes.flatMap((tail) => [`/data/upload/1/${tail}`, `/data/remote/1/${tail}`, `/${tail}`]),
      '/data/upload/1/../../../secret.txt',
      '/data/upload/../secret.txt',
      '/data/remote/1/../../../secret.txt',
      '/data/../secret.txt',
      '/../secret.txt',
      '/data/local-files/../../secret.txt',
      '//etc/passwd',
      '/outpost.db',
      '/data/outpost.db',
    ];
    for (const path of paths) {
      const response = await tokenGet(server.url, path);
      expect(response.body, path).not.toContain(SECRET);
      expect(response.body, path).not.toContain('SQLite format');
      expect(response.body, path).not.toContain('root:');
      expect(response.status, path).not.toBe(500);
    }
  });
});

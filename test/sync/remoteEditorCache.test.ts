import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectEditorSchema, type CachedEditorManifest } from '../../shared/api/editor.js';
import { cacheRemoteEditor, type RemoteForEditor } from '../../electron/core/sync/editor/cacheRemoteEditor.js';
import { editorsDir } from '../../electron/core/sync/editor/editorCache.js';
import { startFakeEditorServer, type FakeEditorServer } from '../helpers/fakeEditorServer.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

/*
 * The editor a remote serves (docs/editor.md#remote-editors), cached in the data folder by what
 * /api/version says, checked by hash, chosen per project and served to the editor frame. The remote
 * here is a real HTTP server with a miniature of Label Studio 1.22's web app
 * (test/helpers/fakeEditorServer.ts); the interop suite does the same against the real Label
 * Studio.
 */

const version = (commit: string) => ({ release: '1.22.0', 'label-studio-frontend': { commit } });
const COMMIT = '090298d3adceda6ed516682fcc37e374b13dd051';
const BUILD = '1.22.0-090298d3adce';
/** `<remote id>/<build>`: each remote keeps its own copy. */
let KEY = '';
const EXPECTED_FILES = [
  '12.js',
  '5.js',
  '9.css',
  '9.js',
  'Fig-Regular.ttf',
  'decode.wasm',
  'main.css',
  'main.js',
  'runtime.js',
  'vendor.js',
];

describe('caching a remote’s editor', () => {
  let server: FakeEditorServer;
  let t: TestApp;
  let remote: RemoteForEditor;
  const deps = () => ({ db: t.db, clock: t.deps.clock, dataDir: t.deps.dataDir });
  const manifestOf = (key: string) =>
    JSON.parse(
      readFileSync(join(editorsDir(t.deps.dataDir), ...key.split('/'), 'manifest.json'), 'utf8'),
    ) as CachedEditorManifest;
  // Strictly the shared wire shape, which the renderer reads it with.
  const editorOf = async (project: number) =>
    projectEditorSchema.parse(await (await t.withToken(`/api/outpost/projects/${project}/editor`)).json());
  const newProject = async () =>
    (
      (await (
        await t.postJson('/api/projects/', { title: 'Field survey' }, { Authorization: `Token ${TEST_TOKEN}` })
      ).json()) as {
        id: number;
      }
    ).id;

  beforeEach(async () => {
    server = await startFakeEditorServer();
    t = await createTestApp();
    const now = new Date().toISOString();
    const id = t.db
      .prepare("INSERT INTO remotes (url, token_kind, created_at, updated_at) VALUES (?, 'legacy', ?, ?)")
      .run(server.url, now, now).lastInsertRowid;
    remote = { id: Number(id), url: server.url, editor_key: null };
    KEY = `${remote.id}/${BUILD}`;
  });
  afterEach(async () => {
    await server.close();
  });

  it('downloads every file the editor loads, and only those, each listed with its hash', async () => {
    expect(await cacheRemoteEditor(deps(), remote, version(COMMIT))).toEqual({ status: 'downloaded', key: KEY });
    const manifest = manifestOf(KEY);
    expect(manifest.files.map((file) => file.name).sort()).toEqual(EXPECTED_FILES);
    for (const file of manifest.files) {
      const served = Buffer.from(server.files.get(file.name) ?? server.files.get(`/static/fonts/${file.name}`)!);
      expect(file.sha256, file.name).toBe(createHash('sha256').update(served).digest('hex'));
      expect(readFileSync(join(editorsDir(t.deps.dataDir), KEY, file.name)).equals(served)).toBe(true);
    }
    expect(manifest.boot).toEqual({
      chunkGlobal: 'webpackChunkfake',
      scripts: ['runtime.js', 'vendor.js'],
      modules: ['main.js'],
      styles: ['main.css'],
      chunks: [5, 9],
      module: 77,
      styleModules: [66],
      featureFlags: expect.objectContaining({
        fflag_feat_front_dev_3873_labeling_ui_improvements_short: true,
        fflag_fix_leap_466_text_sanitization: true,
      }) as Record<string, boolean>,
    });
    expect(manifest).toMatchObject({ key: KEY, release: '1.22.0', commit: COMMIT, source: server.url });
    expect(manifest.tags).toEqual(['datetime', 'ranker']);
    expect(manifest.site_files).toEqual([{ path: '/static/fonts/Fig-Regular.ttf', name: 'Fig-Regular.ttf' }]);
    expect(t.db.prepare('SELECT editor_key FROM remotes WHERE id = ?').pluck().get(remote.id)).toBe(KEY);
  });

  it('asks nothing while the remote’s build stays the same, and replaces it when it changes', async () => {
    await cacheRemoteEditor(deps(), remote, version(COMMIT));
    server.requests.length = 0;
    expect(await cacheRemoteEditor(deps(), remote, version(COMMIT))).toEqual({ status: 'current', key: KEY });
    expect(server.requests).toEqual([]);

    server.files.set('9.js', server.files.get('9.js')!.replace('78:', '79:'));
    const next = await cacheRemoteEditor(deps(), remote, version('1234567890abcdef'));
    expect(next).toEqual({ status: 'downloaded', key: `${remote.id}/1.22.0-1234567890ab` });
    expect(readdirSync(editorsDir(t.deps.dataDir))).toEqual([String(remote.id)]);
    expect(readdirSync(join(editorsDir(t.deps.dataDir), String(remote.id)))).toEqual(['1.22.0-1234567890ab']);
  });

  it('skips a remote that names no editor build, without a request', async () => {
    expect(await cacheRemoteEditor(deps(), remote, { release: '1.22.0', outpost: { version: '1' } })).toEqual({
      status: 'none',
      key: null,
    });
    expect(await cacheRemoteEditor(deps(), remote, { release: '1.3.0' })).toMatchObject({ status: 'none' });
    expect(server.requests).toEqual([]);
  });

  it('keeps nothing of a download cut short, and says which file failed', async () => {
    server.failures.set('12.js', 502);
    await expect(cacheRemoteEditor(deps(), remote, version(COMMIT))).rejects.toThrow(
      'GET /react-app/12.js answered 502.',
    );
    expect(existsSync(editorsDir(t.deps.dataDir)) ? readdirSync(editorsDir(t.deps.dataDir)) : []).toEqual([]);
    expect(t.db.prepare('SELECT editor_key FROM remotes WHERE id = ?').pluck().get(remote.id)).toBeNull();
  });

  it('refuses a build with no module that sets window.LabelStudio', async () => {
    server.files.set('9.js', server.files.get('9.js')!.replace('window.LabelStudio=K', 'K'));
    await expect(cacheRemoteEditor(deps(), remote, version(COMMIT))).rejects.toThrow(/sets window.LabelStudio/);
  });

  it('labels a mirrored project with its remote’s cached editor, a local one with it only once chosen', async () => {
    const local = await newProject();
    const mirrored = await newProject();
    t.db
      .prepare('INSERT INTO remote_projects (project, remote, remote_project_id) VALUES (?, ?, 7)')
      .run(mirrored, remote.id);
    expect(await editorOf(local)).toMatchObject({ kind: 'bundled', key: null, version: '1.4.0', notice: null });
    expect(await editorOf(mirrored)).toMatchObject({ kind: 'bundled', notice: null });

    await cacheRemoteEditor(deps(), remote, version(COMMIT));
    const cached = {
      kind: 'cached',
      key: KEY,
      version: '1.22.0',
      source: server.url,
      tags: ['datetime', 'ranker'],
      notice: null,
    };
    expect(await editorOf(mirrored)).toEqual(cached);
    // A remote's editor is its code: a project made here does not run it unless someone chose it.
    expect(await editorOf(local)).toMatchObject({ kind: 'bundled', notice: null });
    const chosen = await t.withToken(`/api/outpost/projects/${local}/editor`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ editor: KEY }),
    });
    expect([chosen.status, await chosen.json()]).toEqual([200, cached]);
    expect(await editorOf(local)).toEqual(cached);
    expect((await t.withToken('/api/outpost/projects/999/editor')).status).toBe(404);
    expect((await t.request(`/api/outpost/projects/${local}/editor`)).status).toBe(401);
  });

  it('serves the files without a token, checked, and removes an editor whose file changed', async () => {
    const project = await newProject();
    await cacheRemoteEditor(deps(), remote, version(COMMIT));
    const script = await t.request(`/outpost-editors/${KEY}/9.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe(server.files.get('9.js'));
    expect((await t.request(`/outpost-editors/${KEY}/manifest.json`)).status).toBe(200);
    // The font its stylesheet takes from the server's root is served at that path.
    const font = await t.request('/static/fonts/Fig-Regular.ttf');
    expect([font.status, font.headers.get('content-type'), await font.text()]).toEqual([200, 'font/ttf', 'font bytes']);
    expect((await t.request('/static/fonts/Other.ttf')).status).toBe(404);
    for (const path of [
      `/outpost-editors/${KEY}/20.js`,
      `/outpost-editors/${KEY}/..%2f..%2foutpost.db`,
      '/outpost-editors/../x',
    ]) {
      expect((await t.request(path)).status, path).toBe(404);
    }

    writeFileSync(join(editorsDir(t.deps.dataDir), KEY, '9.js'), 'window.stolen = document.cookie;');
    expect((await t.request(`/outpost-editors/${KEY}/9.js`)).status).toBe(404);
    expect(existsSync(join(editorsDir(t.deps.dataDir), KEY))).toBe(false);
    expect(await editorOf(project)).toMatchObject({ kind: 'bundled', notice: null });
  });

  it('checks the whole editor before choosing it, and says why it fell back', async () => {
    const project = await newProject();
    t.db
      .prepare('INSERT INTO remote_projects (project, remote, remote_project_id) VALUES (?, ?, 7)')
      .run(project, remote.id);
    await cacheRemoteEditor(deps(), remote, version(COMMIT));
    writeFileSync(join(editorsDir(t.deps.dataDir), KEY, 'decode.wasm'), 'changed');
    const editor = await editorOf(project);
    expect(editor).toMatchObject({ kind: 'bundled', key: null, version: '1.4.0' });
    expect(editor.notice).toBe(
      `The editor cached from ${server.url} did not match what was downloaded and was removed. ` +
        `The next sync with ${server.url} downloads it again.`,
    );
    expect(existsSync(join(editorsDir(t.deps.dataDir), KEY))).toBe(false);
    // The next sync brings it back, whole.
    expect(await cacheRemoteEditor(deps(), { ...remote, editor_key: KEY }, version(COMMIT))).toMatchObject({
      status: 'downloaded',
    });
    expect(await editorOf(project)).toMatchObject({ kind: 'cached', key: KEY });
  });
});

import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectEditorChoicesSchema, projectEditorSchema } from '../../shared/api/editor.js';
import { cacheRemoteEditor, type RemoteForEditor } from '../../electron/core/sync/editor/cacheRemoteEditor.js';
import { editorsDir } from '../../electron/core/sync/editor/editorCache.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { startFakeEditorServer, type FakeEditorServer } from '../helpers/fakeEditorServer.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

/*
 * A remote's editor is code from that remote. Two remotes announce the same release and editor
 * commit; one of them (the hostile one) serves a planted editor. Each keeps its own copy, each
 * mirrored project labels only with its own remote's, and a project made here labels with the
 * bundled editor unless someone chooses a cached one for it.
 */

const COMMIT = '090298d3adceda6ed516682fcc37e374b13dd051';
const BUILD = '1.22.0-090298d3adce';
const version = { release: '1.22.0', 'label-studio-frontend': { commit: COMMIT } };
const PLANTED = 'window.LabelStudio=K;fetch("/api/outpost/remotes",{credentials:"include"})';

describe('editors kept per remote, chosen per project', () => {
  let hostile: FakeEditorServer;
  let honest: FakeEditorServer;
  let t: TestApp;
  let remoteA: RemoteForEditor;
  let remoteB: RemoteForEditor;
  const deps = () => ({ db: t.db, clock: t.deps.clock, dataDir: t.deps.dataDir });
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const editorOf = async (project: number) =>
    projectEditorSchema.parse(await (await t.withToken(`/api/outpost/projects/${project}/editor`)).json());
  const choicesOf = async (project: number) =>
    projectEditorChoicesSchema.parse(
      await (await t.withToken(`/api/outpost/projects/${project}/editor/choices`)).json(),
    );
  const newProject = async () =>
    (
      (await (
        await t.postJson('/api/projects/', { title: 'Survey' }, { Authorization: `Token ${TEST_TOKEN}` })
      ).json()) as { id: number }
    ).id;
  const addRemote = (url: string): RemoteForEditor => {
    const now = new Date().toISOString();
    const id = t.db
      .prepare("INSERT INTO remotes (url, token_kind, created_at, updated_at) VALUES (?, 'legacy', ?, ?)")
      .run(url, now, now).lastInsertRowid;
    return { id: Number(id), url, editor_key: null };
  };
  const mirror = (project: number, remote: RemoteForEditor) =>
    t.db
      .prepare('INSERT INTO remote_projects (project, remote, remote_project_id) VALUES (?, ?, ?)')
      .run(project, remote.id, project);

  beforeEach(async () => {
    hostile = await startFakeEditorServer();
    hostile.files.set('9.js', hostile.files.get('9.js')!.replace('window.LabelStudio=K', PLANTED));
    honest = await startFakeEditorServer();
    t = await createTestApp();
    remoteA = addRemote(hostile.url);
    remoteB = addRemote(honest.url);
  });
  afterEach(async () => {
    await hostile.close();
    await honest.close();
  });

  it('keeps one copy per remote of the same build, and serves each remote’s own bytes', async () => {
    expect(await cacheRemoteEditor(deps(), remoteA, version)).toEqual({
      status: 'downloaded',
      key: `${remoteA.id}/${BUILD}`,
    });
    // Same release and commit: B still downloads its own rather than taking A's.
    expect(await cacheRemoteEditor(deps(), remoteB, version)).toEqual({
      status: 'downloaded',
      key: `${remoteB.id}/${BUILD}`,
    });
    expect(honest.requests.some((path) => path === '/react-app/9.js')).toBe(true);
    const planted = await t.request(`/outpost-editors/${remoteA.id}/${BUILD}/9.js`);
    const own = await t.request(`/outpost-editors/${remoteB.id}/${BUILD}/9.js`);
    expect(await planted.text()).toContain(PLANTED);
    expect(await own.text()).toBe(honest.files.get('9.js'));
  });

  it('labels B’s projects with B’s editor only, and a local project with the bundled one', async () => {
    await cacheRemoteEditor(deps(), remoteA, version);
    const ofB = await newProject();
    mirror(ofB, remoteB);
    const local = await newProject();
    // B has brought no editor yet: A's copy of the same build is not used for it.
    expect(await editorOf(ofB)).toMatchObject({ kind: 'bundled', key: null });
    expect(await editorOf(local)).toMatchObject({ kind: 'bundled', key: null, notice: null });

    await cacheRemoteEditor(deps(), remoteB, version);
    expect(await editorOf(ofB)).toMatchObject({ kind: 'cached', key: `${remoteB.id}/${BUILD}`, source: honest.url });
    expect(await editorOf(local)).toMatchObject({ kind: 'bundled', key: null });

    // A row naming another remote's folder (written by anything) is not followed.
    t.db.prepare('UPDATE remotes SET editor_key = ? WHERE id = ?').run(`${remoteA.id}/${BUILD}`, remoteB.id);
    expect(await editorOf(ofB)).toMatchObject({ kind: 'bundled', key: null });
  });

  it('lets a local project choose a cached editor, and a mirrored one choose nothing', async () => {
    await cacheRemoteEditor(deps(), remoteB, version);
    const local = await newProject();
    const ofA = await newProject();
    mirror(ofA, remoteA);
    expect(await choicesOf(local)).toEqual({
      choosable: true,
      chosen: null,
      editors: [
        { key: `${remoteB.id}/${BUILD}`, version: '1.22.0', source: honest.url, fetched_at: expect.any(String) },
      ],
    });
    const path = `/api/outpost/projects/${local}/editor`;
    const chosen = await t.withToken(path, json('PUT', { editor: `${remoteB.id}/${BUILD}` }));
    expect(chosen.status).toBe(200);
    expect(await editorOf(local)).toMatchObject({ kind: 'cached', key: `${remoteB.id}/${BUILD}` });
    expect((await choicesOf(local)).chosen).toBe(`${remoteB.id}/${BUILD}`);

    const refused = (key: string) => ({ editor: [`No cached editor "${key}" is on this computer.`] });
    for (const key of ['9/1.0.0-abc', '../../outpost.db', BUILD]) {
      await expectEnvelope(
        await t.withToken(path, json('PUT', { editor: key })),
        400,
        'Validation error',
        refused(key),
      );
    }
    await expectEnvelope(await t.withToken(path, json('PUT', { nothing: true })), 400, 'Validation error', {
      editor: ['This field is required.'],
    });
    const mirrored = `/api/outpost/projects/${ofA}/editor`;
    await expectEnvelope(
      await t.withToken(mirrored, json('PUT', { editor: `${remoteB.id}/${BUILD}` })),
      400,
      'Validation error',
      { editor: [`This project mirrors ${hostile.url} and labels with that server's own editor.`] },
    );
    expect((await choicesOf(ofA)).choosable).toBe(false);
    expect((await t.request(path, json('PUT', { editor: null }))).status).toBe(401);

    expect((await t.withToken(path, json('PUT', { editor: null }))).status).toBe(200);
    expect(await editorOf(local)).toMatchObject({ kind: 'bundled', key: null });
  });

  it('says so when the chosen editor is gone, and a new project of a reused id inherits nothing', async () => {
    await cacheRemoteEditor(deps(), remoteB, version);
    const local = await newProject();
    await t.withToken(`/api/outpost/projects/${local}/editor`, json('PUT', { editor: `${remoteB.id}/${BUILD}` }));
    // Removing the remote removes its editors.
    expect((await t.withToken(`/api/outpost/remotes/${remoteB.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(existsSync(join(editorsDir(t.deps.dataDir), String(remoteB.id)))).toBe(false);
    const editor = await editorOf(local);
    expect(editor).toMatchObject({ kind: 'bundled', key: null });
    expect(editor.notice).toMatch(/^The editor chosen for this project .* is no longer on this computer/);

    expect((await t.withToken(`/api/projects/${local}`, { method: 'DELETE' })).status).toBe(204);
    const reused = await newProject();
    expect(reused).toBe(local);
    expect(await editorOf(reused)).toMatchObject({ kind: 'bundled', notice: null });
  });

  it('removes the editors cached before they were kept per remote, and re-downloads each remote’s own', async () => {
    const shared = join(editorsDir(t.deps.dataDir), BUILD);
    mkdirSync(shared, { recursive: true });
    writeFileSync(join(shared, 'manifest.json'), '{}');
    remoteB.editor_key = BUILD;
    t.db.prepare('UPDATE remotes SET editor_key = ? WHERE id = ?').run(BUILD, remoteB.id);
    const ofB = await newProject();
    mirror(ofB, remoteB);
    expect((await editorOf(ofB)).notice).toMatch(/is not on this computer: sync with it/);

    expect(await cacheRemoteEditor(deps(), remoteB, version)).toMatchObject({ status: 'downloaded' });
    expect(readdirSync(editorsDir(t.deps.dataDir))).toEqual([String(remoteB.id)]);
    expect(await editorOf(ofB)).toMatchObject({ kind: 'cached', key: `${remoteB.id}/${BUILD}` });
  });
});

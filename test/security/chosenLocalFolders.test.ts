import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../electron/core/serve.js';

/*
 * Local-files storages in the desktop app's rules (browser mode here, a real server on
 * 127.0.0.1): a folder must have been chosen in the app's own window (its session cookie, never a
 * token), and the file system's root, the home folder and hidden folders are never served, chosen
 * or not. API clients can use a chosen folder with their token.
 */

describe('local folders chosen in the app', () => {
  let dataDir: string;
  let chosen: string;
  let unchosen: string;
  let server: RunningServer;
  let cookie: string;
  let csrf: string;
  let project: number;

  const withToken = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { Authorization: `Token ${server.token}`, 'Content-Type': 'application/json', ...init.headers },
    });
  const asWindow = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Cookie: cookie, 'X-CSRFToken': csrf, Origin: server.url, 'Content-Type': 'application/json' },
    });
  const createStorage = (path: string) =>
    withToken('/api/storages/localfiles/', {
      method: 'POST',
      body: JSON.stringify({ project, path, title: 'Folder' }),
    });
  const refusal = async (response: Response) => {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { validation_errors: Record<string, string[]> };
    return Object.values(body.validation_errors).flat().join(' ');
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-data-'));
    chosen = mkdtempSync(join(tmpdir(), 'outpost-chosen-'));
    unchosen = mkdtempSync(join(tmpdir(), 'outpost-unchosen-'));
    writeFileSync(join(chosen, 'note.txt'), 'labeled text');
    mkdirSync(join(chosen, '.ssh'));
    writeFileSync(join(chosen, '.ssh', 'id_rsa'), 'PRIVATE KEY');
    writeFileSync(join(chosen, '.env'), 'SECRET=1');
    writeFileSync(join(unchosen, 'secret.txt'), 'not chosen');
    server = await startServer({ dataDir, port: 0, mode: 'browser', warn: () => undefined });
    const login = await fetch(server.loginUrl, { redirect: 'manual' });
    const cookies = login.headers.getSetCookie().map((line) => line.split(';')[0]!);
    cookie = cookies.join('; ');
    csrf = cookies.find((pair) => pair.startsWith('outpost_csrf='))!.split('=')[1]!;
    const created = await withToken('/api/projects/', { method: 'POST', body: JSON.stringify({ title: 'Files' }) });
    project = ((await created.json()) as { id: number }).id;
  });

  afterAll(async () => {
    await server?.close();
    for (const folder of [dataDir, chosen, unchosen]) rmSync(folder, { recursive: true, force: true });
  });

  it('refuses an API client a storage on the root, the home folder, or a folder never chosen', async () => {
    expect(await refusal(await createStorage('/'))).toContain('is the root of the file system');
    expect(await refusal(await createStorage(homedir()))).toContain('is the home folder');
    expect(await refusal(await createStorage(unchosen))).toContain('is not a folder chosen in Outpost');
    expect(await refusal(await createStorage(dataDir))).toContain("Outpost's data folder");
  });

  it('lets only the window choose a folder, never a token, and never a forbidden one', async () => {
    const byToken = await withToken('/api/outpost/local-folders/', {
      method: 'POST',
      body: JSON.stringify({ path: chosen }),
    });
    expect(byToken.status).toBe(403);
    for (const path of ['/', homedir(), join(chosen, '.ssh'), dataDir]) {
      const answer = await asWindow('/api/outpost/local-folders/', { path });
      expect(answer.status, path).toBe(400);
    }
    const allowed = await asWindow('/api/outpost/local-folders/', { path: chosen });
    expect(allowed.status).toBe(201);
    expect(await allowed.json()).toEqual({ folders: [chosen] });
  });

  it('then lets an API client use the chosen folder, serving its files but nothing hidden', async () => {
    await asWindow('/api/outpost/local-folders/', { path: chosen });
    const storage = await createStorage(chosen);
    expect(storage.status).toBe(201);
    const id = ((await storage.json()) as { id: number }).id;
    // Hidden files never become tasks.
    const files = await withToken(`/api/storages/localfiles/files`, {
      method: 'POST',
      body: JSON.stringify({ id, project, path: chosen }),
    });
    expect(files.status).toBe(200);
    const listed = JSON.stringify(await files.json());
    expect(listed).toContain('note.txt');
    expect(listed).not.toContain('id_rsa');
    expect(listed).not.toContain('.env');
    const served = await withToken(`/data/local-files/?d=${chosen.slice(1)}/note.txt`);
    expect(await served.text()).toBe('labeled text');
    for (const hidden of ['.ssh/id_rsa', '.env', 'x/../.ssh/id_rsa']) {
      const answer = await withToken(`/data/local-files/?d=${chosen.slice(1)}/${hidden}`);
      expect(answer.status, hidden).toBe(403);
      expect(await answer.text(), hidden).not.toContain('PRIVATE');
    }
    expect(await refusal(await createStorage(join(chosen, '.ssh')))).toContain('hidden folder (".ssh")');
  });

  it('serves nothing from a storage saved on a folder that was never chosen', async () => {
    // As a storage saved before folders had to be chosen would be.
    server.deps.db
      .prepare(
        `INSERT INTO storages (project, direction, type, title, created_at, use_blob_urls, settings)
         VALUES (?, 'import', 'localfiles', 'old', '2026-01-01T00:00:00Z', 1, ?)`,
      )
      .run(project, JSON.stringify({ path: unchosen }));
    const answer = await withToken(`/data/local-files/?d=${unchosen.slice(1)}/secret.txt`);
    expect(answer.status).toBe(404);
  });
});

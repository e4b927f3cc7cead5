import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../electron/core/serve.js';

/*
 * A data folder holds everyone's labeling data and the secrets: owner-only. Checked on real
 * files (stat modes) with the usual umask 022, under which the defaults would be 755 and 644.
 */

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder under `root`, with its mode. */
function modesUnder(root: string): { path: string; mode: number; folder: boolean }[] {
  return readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    return { path, mode: modeOf(path), folder: entry.isDirectory() };
  });
}

describe('the data folder is owner-only', () => {
  const folders: string[] = [];
  let server: RunningServer | undefined;
  const umask = process.umask(0o022);

  afterEach(async () => {
    await server?.close();
    server = undefined;
    process.umask(umask);
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server!.url}${path}`, { ...init, headers: { Authorization: `Token ${server!.token}`, ...init.headers } });

  it('makes a new folder 700 and its database, WAL, uploads and exports 600', async () => {
    process.umask(0o022);
    const parent = mkdtempSync(join(tmpdir(), 'outpost-modes-'));
    folders.push(parent);
    const dataDir = join(parent, 'data');
    const warnings: string[] = [];
    server = await startServer({ dataDir, port: 0, warn: (line) => warnings.push(line) });
    const project = (await (
      await call('/api/projects/', {
        method: 'POST',
        body: JSON.stringify({ title: 'Modes', label_config: '<View><Text name="t" value="$text"/></View>' }),
        headers: { 'Content-Type': 'application/json' },
      })
    ).json()) as { id: number };
    const form = new FormData();
    form.append('file', new Blob(['text\nhello\n']), 'tasks.csv');
    expect((await call(`/api/projects/${project.id}/import`, { method: 'POST', body: form })).status).toBe(201);
    const snapshot = await call(`/api/projects/${project.id}/exports/`, {
      method: 'POST',
      body: JSON.stringify({}),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(snapshot.status).toBe(201);

    expect(modeOf(dataDir)).toBe(0o700);
    const entries = modesUnder(dataDir);
    const names = entries.map((entry) => entry.path.slice(dataDir.length + 1));
    expect(names).toEqual(expect.arrayContaining(['outpost.db', 'outpost.db-wal', 'outpost.db-shm']));
    expect(names.some((name) => name.startsWith('media/upload/') && name.endsWith('tasks.csv'))).toBe(true);
    expect(names.some((name) => name.startsWith('exports/') && name.endsWith('.json'))).toBe(true);
    const loose = entries.filter((entry) => entry.mode !== (entry.folder ? 0o700 : 0o600));
    expect(loose.map((entry) => `${entry.path} ${entry.mode.toString(8)}`)).toEqual([]);
    // A new folder is made right: nothing to tell.
    expect(warnings.filter((line) => line.includes('owner-only'))).toEqual([]);
  });

  it('tightens an existing folder others could read, and its database, and says so once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-modes-old-'));
    folders.push(dataDir);
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'media'), { mode: 0o755 });
    closeSync(openSync(join(dataDir, 'outpost.db'), 'w', 0o644));
    chmodSync(join(dataDir, 'outpost.db'), 0o644);
    const warnings: string[] = [];
    server = await startServer({ dataDir, port: 0, warn: (line) => warnings.push(line) });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'outpost.db'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'outpost.db-wal'))).toBe(0o600);
    const told = warnings.filter((line) => line.includes('owner-only'));
    expect(told).toEqual([
      `Outpost: the data folder ${dataDir} could be read by other users (mode 755); it is now owner-only (700).`,
    ]);
    await server.close();
    server = await startServer({ dataDir, port: 0, warn: (line) => warnings.push(line) });
    expect(warnings.filter((line) => line.includes('owner-only'))).toHaveLength(1);
  });
});

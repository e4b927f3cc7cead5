import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { CLI_PATH } from '../helpers/spawnCli.js';

// Crash safety of an import: `outpost serve` (the built dist/cli.js, `npm run build` first) is
// killed with SIGKILL while it writes a 100k-task import. The database must then open cleanly
// with either the whole import or none of it.
const TASKS = 100_000;
const TOKEN = 'feedfacefeedfacefeedfacefeedfacefeedface';
let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = null;
});

/** Starts the CLI and resolves with its URL once it printed it; the child stays ours to kill. */
function startServe(dataDir: string): Promise<string> {
  const spawned = spawn(process.execPath, [CLI_PATH, 'serve', '--data', dataDir, '--port', '0', '--token', TOKEN], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = spawned;
  let stdout = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 20 s:\n${stdout}`)), 20_000);
    spawned.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const url = /^URL: (\S+)$/m.exec(stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    spawned.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${stdout}`)));
  });
}

/** Sends the body and resolves once it is fully written; the response (if any) is ignored. */
function sendImport(url: string, path: string, body: Buffer): Promise<void> {
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method: 'POST',
      headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': body.length },
    });
    req.on('error', () => undefined); // The server dies mid-request by design.
    req.on('response', (res) => res.resume());
    req.end(body, () => resolve());
    req.once('error', reject);
  });
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    // The poll interval of this wait: short, to catch the moment between commit and answer.
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return false;
}

describe('an import killed mid-write (SIGKILL)', () => {
  it('leaves a consistent database with all or none of the import', { timeout: 120_000 }, async () => {
    expect(existsSync(CLI_PATH), 'dist/cli.js is missing: run `npm run build`').toBe(true);
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-kill-'));
    const url = await startServe(dataDir);
    const created = await fetch(`${url}/api/projects/`, {
      method: 'POST',
      headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ label_config: '<View><Text name="text" value="$text"/></View>' }),
    });
    const project = ((await created.json()) as { id: number }).id;
    const filler = 'x'.repeat(1000);
    const body = Buffer.from(
      `[${Array.from({ length: TASKS }, (_, index) => JSON.stringify({ text: `${index} ${filler}` })).join(',')}]`,
    );
    const wal = join(dataDir, 'outpost.db-wal');
    const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
    const walBefore = walSize();

    await sendImport(url, `/api/projects/${project}/import`, body);
    // The transaction spills pages into the WAL as it writes: kill once it has clearly started.
    const writing = await waitFor(() => walSize() > walBefore + 8 * 1024 * 1024, 30_000);
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const db = openDatabase(join(dataDir, 'outpost.db'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const { n } = db.prepare('SELECT count(*) AS n FROM tasks WHERE project = ?').get(project) as { n: number };
      expect([0, TASKS]).toContain(n);
      console.log(`killed ${writing ? 'while the WAL grew' : 'after the body was sent'}: ${n} tasks survived`);
    } finally {
      db.close();
    }
  });
});

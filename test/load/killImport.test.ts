import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.js';
import { KILL_IMPORT_TASKS } from './loadKnobs.js';
import {
  createProject,
  expectStatus,
  integrityOf,
  newDataDir,
  removeDataDirs,
  startOutpost,
  TOKEN,
  withDatabase,
  type Outpost,
} from './outpostServer.js';

/*
 * The kill suite: `outpost serve` SIGKILLed during an import of KILL_IMPORT_TASKS tasks. An
 * import is one transaction, so after a restart the project has all of them or none.
 *
 * Where the kill lands is observed, not timed. Tasks are padded so the import outgrows SQLite's
 * 16 MB page cache: SQLite then writes uncommitted pages to the WAL while the transaction still
 * runs, so a WAL growing past its size before the import means "mid-write", and the kill follows
 * at once. For the other end a proxy keeps the server's answer: the import has committed, the
 * client never heard so, and the tasks must all be there.
 */

/** Enough bytes of task data to outgrow better-sqlite3's default 16 MB page cache. */
const IMPORT_BYTES = 24_000_000;
/** WAL growth that proves the transaction is writing: more than its own first pages. */
const MID_WRITE_WAL_GROWTH = 1_000_000;
const ATTEMPTS = 3;

let servers: Outpost[] = [];
let proxy: FaultProxy | null = null;
afterEach(async () => {
  await proxy?.close();
  proxy = null;
  for (const server of servers) await server.cli.kill();
  servers = [];
  removeDataDirs();
});

async function start(dataDir: string): Promise<Outpost> {
  const server = await startOutpost(dataDir);
  servers.push(server);
  return server;
}

function importBody(count: number): string {
  const padding = 'x'.repeat(Math.max(0, Math.ceil(IMPORT_BYTES / count) - 30));
  return JSON.stringify(Array.from({ length: count }, (_, index) => ({ text: `task ${index} ${padding}` })));
}

function postImport(url: string, project: number, body: string): Promise<number | string> {
  return fetch(`${url}/api/projects/${project}/import`, {
    method: 'POST',
    headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' },
    body,
  }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    (error: Error) => `no answer (${error.message})`,
  );
}

function walSize(dataDir: string): number {
  const wal = join(dataDir, 'outpost.db-wal');
  return existsSync(wal) ? statSync(wal).size : 0;
}

/** Resolves once the WAL has grown by `growth` bytes (true), or with false if `answer` settles first. */
function walGrowth(dataDir: string, growth: number, answer: Promise<unknown>): Promise<boolean> {
  const target = walSize(dataDir) + growth;
  return new Promise((resolve) => {
    let answered = false;
    void answer.then(() => (answered = true));
    const timer = setInterval(() => {
      if (walSize(dataDir) >= target) resolve(true);
      else if (answered) resolve(false);
      else return;
      clearInterval(timer);
    }, 1);
  });
}

function projectState(dataDir: string, project: number) {
  return withDatabase(dataDir, (db) => ({
    tasks: db.prepare('SELECT COUNT(*) FROM tasks WHERE project = ?').pluck().get(project) as number,
    integrity: integrityOf(db),
  }));
}

describe(`a ${KILL_IMPORT_TASKS}-task import killed with SIGKILL`, () => {
  it(
    'leaves none of its tasks when killed mid-write, and all of them once it has committed',
    async () => {
      const body = importBody(KILL_IMPORT_TASKS);
      const count = KILL_IMPORT_TASKS;

      // 1. Mid-write. Each attempt takes a fresh folder, whose WAL has not been reused yet.
      let landed: { dataDir: string; project: number } | null = null;
      const outcomes: string[] = [];
      for (let attempt = 1; attempt <= ATTEMPTS && landed === null; attempt += 1) {
        const dataDir = newDataDir('outpost-kill-import-');
        const server = await start(dataDir);
        const project = await createProject(server, 'kill import');
        const sent = performance.now();
        const answer = postImport(server.url, project, body);
        const isMidWrite = await walGrowth(dataDir, MID_WRITE_WAL_GROWTH, answer);
        const killedAfter = `killed ${((performance.now() - sent) / 1000).toFixed(1)} s after sending`;
        expect(await server.cli.kill()).toBe('SIGKILL');
        const status = await answer;
        const after = projectState(dataDir, project);
        expect(after.integrity).toBe('ok');
        expect([0, count], `tasks after a kill (answer: ${status})`).toContain(after.tasks);
        if (status === 201) expect(after.tasks).toBe(count);
        outcomes.push(
          `attempt ${attempt}: ${killedAfter}, WAL grew first ${isMidWrite}, answer ${status}, ${after.tasks} tasks`,
        );
        if (isMidWrite && after.tasks === 0) landed = { dataDir, project };
      }
      console.log(`\nImport of ${count} tasks killed mid-write:\n${outcomes.join('\n')}`);
      expect(landed, `no kill landed mid-write:\n${outcomes.join('\n')}`).not.toBeNull();
      const { dataDir, project } = landed!;

      // 2. The recovered folder serves again, and the same import, killed once it has committed.
      const restarted = await start(dataDir);
      const before = await expectStatus<{ task_number: number }>(restarted, 200, 'GET', `/api/projects/${project}/`);
      expect(before.task_number).toBe(0);
      proxy = await startFaultProxy(restarted.url);
      proxy.setFaults([{ method: 'POST', path: /\/import$/, times: 1, action: { kind: 'hold', at: 'response' } }]);
      const held = proxy.nextHeld();
      const sent = performance.now();
      const answer = postImport(proxy.url, project, body);
      await held;
      console.log(
        `The same import committed in ${((performance.now() - sent) / 1000).toFixed(1)} s; killed before its answer.`,
      );
      expect(await restarted.cli.kill()).toBe('SIGKILL');
      await proxy.close();
      proxy = null;
      expect(await answer).toMatch(/^no answer/);
      expect(projectState(dataDir, project)).toEqual({ tasks: count, integrity: 'ok' });

      const last = await start(dataDir);
      const after = await expectStatus<{ task_number: number }>(last, 200, 'GET', `/api/projects/${project}/`);
      expect(after.task_number).toBe(count);
    },
    120_000 + KILL_IMPORT_TASKS,
  );
});

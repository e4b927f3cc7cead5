import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { startServer } from '../../electron/core/serve.js';
import { peakRss } from '../helpers/peakRss.js';
import { GROUP, printRatios } from './benchCompare.js';

// 100k tasks of about 1 KB through POST /api/projects/{id}/import over HTTP (a real server on
// 127.0.0.1: the socket, routing, auth, body read, item scan, per-item parse and validation,
// inserts with counters) against a raw better-sqlite3 insert of the same rows with one prepared
// statement in one transaction, into the same database file: into a bare table of the same
// columns (no indexes, no triggers: what a hand-written store would pay), and into Outpost's own
// tasks table (its indexes and triggers). Printed as the ratios of alternating rounds; the bench
// table holds the same on 1,000 tasks. Read the ratios, not the absolute times.
const TASKS = 100_000;
const dataDir = mkdtempSync(join(tmpdir(), 'outpost-import-bench-'));
const server = await startServer({ dataDir, port: 0 });
// Each run writes about 1.4 GB: left behind, a few runs fill the disk.
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const db = server.deps.db;
const json = { 'Content-Type': 'application/json' };
const withToken = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...init.headers, Authorization: `Token ${server.token}` } });

async function createProject(): Promise<number> {
  const response = await withToken('/api/projects/', {
    method: 'POST',
    body: JSON.stringify({ label_config: '<View><Text name="text" value="$text"/></View>' }),
    headers: json,
  });
  return ((await response.json()) as { id: number }).id;
}

const filler = 'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(17);
const rows = Array.from({ length: TASKS }, (_, index) =>
  JSON.stringify({ text: `${index} ${filler}`.slice(0, 960), index, source: 'bench' }),
);
const body = Buffer.from(`[${rows.join(',')}]`);

const measured = await createProject();
const memory = await peakRss(async () => {
  const response = await withToken(`/api/projects/${measured}/import`, { method: 'POST', body, headers: json });
  if (response.status !== 201) throw new Error(`import failed: ${response.status} ${await response.text()}`);
});
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `import of ${TASKS} tasks: body ${mb(body.byteLength)}, RSS before ${mb(memory.before)}, peak growth ` +
    `${mb(memory.peak - memory.before)} = ${((memory.peak - memory.before) / body.byteLength).toFixed(2)}x the body ` +
    '(includes the in-process client copy of the body)',
);

const now = '2026-01-15T10:00:00.000000Z';
const COLUMNS = `project, inner_id, data, meta, created_at, updated_at, is_labeled, overlap,
  total_annotations, cancelled_annotations, total_predictions, file_upload, allow_skip`;
const VALUES = "VALUES (?, ?, ?, '{}', ?, ?, 0, 1, 0, 0, 0, NULL, 1)";
db.exec(`CREATE TABLE bench_bare_tasks (id INTEGER PRIMARY KEY, ${COLUMNS})`);
const inserts = {
  bare: db.prepare(`INSERT INTO bench_bare_tasks (${COLUMNS}) ${VALUES}`),
  tasks: db.prepare(`INSERT INTO tasks (${COLUMNS}) ${VALUES}`),
};

function rawInsert(project: number, items: readonly string[], into: keyof typeof inserts = 'tasks'): void {
  let inner = 1;
  const insert = inserts[into];
  db.transaction(() => {
    for (const data of items) insert.run(project, inner++, data, now, now);
  })();
}

async function appImport(project: number, payload: Buffer): Promise<void> {
  const response = await withToken(`/api/projects/${project}/import`, {
    method: 'POST',
    body: payload,
    headers: json,
  });
  if (response.status !== 201) throw new Error(`import failed: ${response.status}`);
}

/** Wall and CPU milliseconds of one run (CPU time holds steadier than wall time on a shared machine). */
async function timed(run: () => unknown): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

// Rounds alternate baseline and app, each into a fresh project, so both write into a database of
// the same size with the same WAL history (running all baselines first favoured them).
const ROUNDS = 3;
const sums = { bare: { wall: 0, cpu: 0 }, raw: { wall: 0, cpu: 0 }, app: { wall: 0, cpu: 0 } };
for (let round = 0; round < ROUNDS; round += 1) {
  const bare = await timed(async () => rawInsert(await createProject(), rows, 'bare'));
  const raw = await timed(async () => rawInsert(await createProject(), rows));
  const project = await createProject();
  const app = await timed(() => appImport(project, body));
  for (const [key, value] of [
    ['bare', bare],
    ['raw', raw],
    ['app', app],
  ] as const) {
    sums[key].wall += value.wall;
    sums[key].cpu += value.cpu;
  }
}
const ms = (value: number) => `${(value / ROUNDS / 1000).toFixed(2)} s`;
const ratio = (key: 'bare' | 'raw', kind: 'wall' | 'cpu') => `${(sums.app[kind] / sums[key][kind]).toFixed(2)}x`;
console.log(
  `import of ${TASKS} tasks over HTTP, mean of ${ROUNDS} alternating rounds: app ${ms(sums.app.wall)} ` +
    `(CPU ${ms(sums.app.cpu)}), raw insert into a bare table ${ms(sums.bare.wall)} (CPU ${ms(sums.bare.cpu)}), ` +
    `into Outpost's tasks table ${ms(sums.raw.wall)} (CPU ${ms(sums.raw.cpu)})\n` +
    `  import over HTTP / raw insert, bare table: wall ${ratio('bare', 'wall')}, CPU ${ratio('bare', 'cpu')}; ` +
    `tasks table: wall ${ratio('raw', 'wall')}, CPU ${ratio('raw', 'cpu')}`,
);

// The per-request constant, on 1,000 tasks.
const smallRows = rows.slice(0, 1_000);
const smallBody = Buffer.from(`[${smallRows.join(',')}]`);

test('import 1,000 tasks of ~1 KB', GROUP, async ({ bench }) => {
  const baseline = bench('baseline: raw better-sqlite3 insert of the same rows, one transaction', async () => {
    rawInsert(await createProject(), smallRows);
  });
  const app = bench('POST /api/projects/{id}/import over HTTP (JSON body)', async () => {
    await appImport(await createProject(), smallBody);
  });
  printRatios(await bench.compare(baseline, app, { iterations: 10 }), baseline, [app]);
});

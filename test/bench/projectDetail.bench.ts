import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { createTestApp } from '../helpers/testApp.js';
import { GROUP, printRatios } from './benchCompare.js';

/*
 * GET /api/projects/{id}/ on a 1,000,000-task project in a file database: one task in ten holds an
 * annotation of the token's user (one in ten of those a skip, one in 14 ground truth) and one in
 * ten a prediction. The baseline is a raw single-row SELECT of the project by id with better-sqlite3;
 * the detail (routing, auth, the eight counters, the user's queue, serialization) should cost a
 * small constant over it whatever the project's size. Read the ratio, not the times.
 */

const TASKS = 1_000_000;
const NOW = '2026-01-15T10:00:00.000000Z';
const folder = mkdtempSync(join(tmpdir(), 'outpost-project-detail-bench-'));
const t = await createTestApp({ databasePath: join(folder, 'bench.db') });
const db = t.db;
const config =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
const result = JSON.stringify([{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }]);

const seedStart = performance.now();
const project = Number(
  db
    .prepare('INSERT INTO projects (title, label_config, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run('Detail bench', config, t.userId, NOW, NOW).lastInsertRowid,
);
db.pragma('synchronous = OFF');
db.transaction(() => {
  // One statement per table, the rows made by a recursive CTE (the app's triggers still run per row).
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO tasks (project, inner_id, data, created_at, updated_at, is_labeled)
     SELECT ?, i, json_object('text', 'task ' || i), ?, ?, i % 10 = 0 FROM n`,
  ).run(TASKS, project, NOW, NOW);
  db.prepare(
    `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, ground_truth, created_at, updated_at)
     SELECT id, project, 'a' || id, ?, ?, inner_id % 100 = 0, inner_id % 140 = 0, ?, ? FROM tasks
     WHERE project = ? AND inner_id % 10 = 0`,
  ).run(result, t.userId, NOW, NOW, project);
  db.prepare(
    `INSERT INTO predictions (task, project, result, model_version, created_at, updated_at)
     SELECT id, project, ?, 'v1', ?, ? FROM tasks WHERE project = ? AND inner_id % 10 = 5`,
  ).run(result, NOW, NOW, project);
})();
db.pragma('synchronous = FULL');
db.exec('ANALYZE');
const seedSeconds = (performance.now() - seedStart) / 1000;

const raw = db.prepare('SELECT * FROM projects WHERE id = ?');
const path = `/api/projects/${project}/`;

async function detail(): Promise<Record<string, unknown>> {
  const response = await t.withToken(path);
  if (response.status !== 200) throw new Error(`detail: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

async function meanMs(run: () => unknown, times: number): Promise<number> {
  const start = performance.now();
  for (let index = 0; index < times; index += 1) await run();
  return (performance.now() - start) / times;
}

const answer = await detail();
if (answer.task_number !== TASKS || answer.total_annotations_number !== 90_000) {
  throw new Error(`unexpected counters: ${JSON.stringify(answer)}`);
}
await meanMs(detail, 20);
const detailMs = await meanMs(detail, 200);
const rawMs = await meanMs(() => raw.get(project), 200);
console.log(
  [
    '',
    `GET /api/projects/{id}/ on ${TASKS.toLocaleString('en')} tasks (seeded in ${seedSeconds.toFixed(1)} s): ` +
      `${detailMs.toFixed(2)} ms per request, raw single-row SELECT ${rawMs.toFixed(3)} ms, ratio ${(detailMs / rawMs).toFixed(0)}x`,
    `counters: ${JSON.stringify(Object.fromEntries(Object.entries(answer).filter(([key]) => /number|queue/.test(key))))}`,
    '',
  ].join('\n'),
);

afterAll(() => {
  db.close();
  rmSync(folder, { recursive: true, force: true });
});

test(`GET /api/projects/{id}/ (${TASKS.toLocaleString('en')} tasks)`, GROUP, async ({ bench }) => {
  const baseline = bench('baseline: raw single-row SELECT of the project', () => {
    raw.get(project);
  });
  const app = bench('app.request GET /api/projects/{id}/ (counters and queue)', async () => {
    await detail();
  });
  printRatios(await bench.compare(baseline, app), baseline, [app]);
});

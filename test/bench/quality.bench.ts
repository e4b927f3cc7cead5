import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { listProjectAnnotationsForQuality } from '../../electron/core/db/repos/qualityRepo.js';
import { createTestApp } from '../helpers/testApp.js';
import { GROUP, printRatios } from './benchCompare.js';
import { seedTasks } from './seedTasks.js';

/*
 * GET /api/outpost/projects/{id}/quality, which computes agreement from the annotations on every
 * request, on a 10,000-task project annotated by three people (30,000 annotations: one choice
 * each, a text span on a third of them, a ground truth on one task in twenty) in a file database.
 * Baseline: reading and parsing those annotations, which any computation from them pays; the
 * ratio is what scoring the pairs, the matrix and the statistics adds. The CSV of tasks is the
 * same computation plus its writing.
 */

const TASKS = 10_000;
const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Choices name="sentiment" toName="text"><Choice value="pos"/><Choice value="neg"/><Choice value="neutral"/></Choices>' +
  '<Labels name="ner" toName="text"><Label value="Person"/><Label value="Place"/></Labels></View>';
const LABELS = ['pos', 'neg', 'neutral'];
const NOW = '2026-01-15T10:00:00.000000Z';
const folder = mkdtempSync(join(tmpdir(), 'outpost-quality-bench-'));
const t = await createTestApp({ databasePath: join(folder, 'bench.db') });
const db = t.db;

const project = Number(
  db
    .prepare('INSERT INTO projects (title, label_config, created_at, updated_at) VALUES (?, ?, ?, ?)')
    .run('Quality bench', CONFIG, NOW, NOW).lastInsertRowid,
);
seedTasks(db, project, TASKS);
const users = [t.userId, ...['b', 'c'].map((name) => insertUser(`${name}@example.com`))];

function insertUser(email: string): number {
  return Number(
    db.prepare("INSERT INTO users (email, date_joined, last_activity) VALUES (?, 'x', 'x')").run(email).lastInsertRowid,
  );
}

/** Annotator `who` on task `task`: mostly the same choice as the others, sometimes not. */
function result(task: number, who: number): string {
  const choice = LABELS[(task + (task % 7 === who ? who : 0)) % 3];
  const items: object[] = [
    { id: `c${task}`, from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: [choice] } },
  ];
  if (task % 3 === 0) {
    const start = task % 5 === who ? 2 : 0;
    items.push({
      id: `s${task}`,
      from_name: 'ner',
      to_name: 'text',
      type: 'labels',
      value: { start, end: start + 6, labels: ['Person'] },
    });
  }
  return JSON.stringify(items);
}

db.pragma('synchronous = OFF');
db.transaction(() => {
  const insert = db.prepare(
    `INSERT INTO annotations (task, project, unique_id, result, completed_by, ground_truth, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const taskIds = db.prepare('SELECT id FROM tasks WHERE project = ? ORDER BY id').pluck().all(project) as number[];
  taskIds.forEach((task, index) => {
    users.forEach((user, who) => {
      const isTruth = who === 0 && index % 20 === 0 ? 1 : 0;
      insert.run(task, project, `q-${task}-${who}`, result(index, who), user, isTruth, NOW, NOW);
    });
  });
})();
db.pragma('synchronous = NORMAL');

afterAll(() => {
  t.db.close();
  rmSync(folder, { recursive: true, force: true });
});

async function get(query: string): Promise<void> {
  const response = await t.withToken(`/api/outpost/projects/${project}/quality${query}`);
  if (response.status !== 200) throw new Error(`quality answered ${response.status}`);
  await response.arrayBuffer();
}

test(`agreement of a ${TASKS.toLocaleString('en')}-task project, 3 annotators`, GROUP, async ({ bench }) => {
  const baseline = bench('baseline: read and parse the 30k annotations', () => {
    for (const row of listProjectAnnotationsForQuality(db, project)) JSON.parse(row.result);
  });
  const json = bench('app: GET quality (JSON report)', () => get(''));
  const csv = bench('app: GET quality?format=csv (tasks table)', () => get('?format=csv'));
  printRatios(await bench.compare(baseline, json, csv, { iterations: 10 }), baseline, [json, csv]);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { createTestApp } from '../helpers/testApp.js';
import { compareMixed, GROUP, printRatios } from './benchCompare.js';
import { seedTasks } from './seedTasks.js';

/*
 * GET /api/outpost/projects/{id}/dashboard on a 1,000,000-task project with 300,000 annotations
 * (three annotators over 120 days, one in 50 a skip, one choice each plus a span label on a
 * quarter of them) in a file database. Measured in the same run against raw SQL:
 * - the floor: the task count the project cards already pay (one pass over an index of 1M rows);
 * - the naive query: the same numbers computed from the annotations (their results parsed with
 *   json_each), which is what the dashboard would cost without migration 0011's aggregates.
 * The aggregates are kept by triggers: the write figures compare 1,000 annotations written with
 * and without them (raw inserts, and an import through the API), in two fresh databases of 10k
 * tasks. Read the ratios, not the times.
 */

const TASKS = 1_000_000;
const LABELS = ['pos', 'neg', 'neutral', 'mixed', 'spam'];
const folder = mkdtempSync(join(tmpdir(), 'outpost-dashboard-bench-'));
const t = await createTestApp({ databasePath: join(folder, 'bench.db') });
const db = t.db;
const NOW = '2026-01-15T10:00:00.000000Z';

const project = Number(
  db.prepare('INSERT INTO projects (title, created_at, updated_at) VALUES (?, ?, ?)').run('Dashboard bench', NOW, NOW)
    .lastInsertRowid,
);
const taskSeconds = seedTasks(db, project, TASKS);
const users = [t.userId, ...['b', 'c'].map((name) => insertUser(db, `${name}@example.com`))];

function insertUser(database: typeof db, email: string): number {
  return Number(
    database.prepare("INSERT INTO users (email, date_joined, last_activity) VALUES (?, 'x', 'x')").run(email)
      .lastInsertRowid,
  );
}

/** The i-th annotation of the data set: three tasks in ten annotated, spread over 120 days. */
function annotationRow(index: number) {
  const isSkip = index % 50 === 0;
  const day = index % 120;
  const time = new Date(
    Date.UTC(2025, 9, 1) + day * 86_400_000 + (8 + (index % 9)) * 3_600_000 + (index % 3600) * 1000,
  );
  const result = isSkip
    ? []
    : [
        {
          id: `c${index}`,
          from_name: 'sentiment',
          to_name: 'text',
          type: 'choices',
          value: { choices: [LABELS[index % 5]] },
        },
        ...(index % 4 === 0
          ? [
              {
                id: `s${index}`,
                from_name: 'ner',
                to_name: 'text',
                type: 'labels',
                value: { start: 0, end: 4, labels: [LABELS[(index >> 2) % 5]] },
              },
            ]
          : []),
      ];
  return { isSkip, created: time.toISOString().replace('Z', '000Z'), result: JSON.stringify(result) };
}

const INSERT_ANNOTATION = `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

const annotationStart = performance.now();
db.pragma('synchronous = OFF');
db.transaction(() => {
  const insert = db.prepare(INSERT_ANNOTATION);
  const counters = db.prepare(
    'UPDATE tasks SET total_annotations = ?, cancelled_annotations = ?, is_labeled = ? WHERE project = ? AND inner_id = ?',
  );
  for (let index = 1; index <= TASKS; index += 1) {
    if (index % 10 >= 3) continue;
    const row = annotationRow(index);
    const task = index; // seedTasks numbers inner ids from 1, in a fresh database ids match them.
    insert.run(task, project, `u${index}`, row.result, users[index % 3], row.isSkip ? 1 : 0, row.created, row.created);
    counters.run(row.isSkip ? 0 : 1, row.isSkip ? 1 : 0, row.isSkip ? 0 : 1, project, index);
  }
})();
db.pragma('synchronous = FULL');
const annotationSeconds = (performance.now() - annotationStart) / 1000;
db.exec('ANALYZE');

const headers = { Authorization: `Token ${t.token}` };
async function getDashboard(query: string): Promise<void> {
  const response = await t.app.request(`/api/outpost/projects/${project}/dashboard${query}`, { headers });
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

const floor = db.prepare('SELECT count(*), sum(is_labeled) FROM tasks WHERE project = ?');
const naive = {
  tasks: floor,
  skipped: db.prepare(
    `SELECT count(DISTINCT a.task) FROM annotations a JOIN tasks t ON t.id = a.task
     WHERE a.project = ? AND a.was_cancelled = 1 AND t.total_annotations = 0`,
  ),
  days: db.prepare(
    `SELECT substr(created_at, 1, 10), sum(was_cancelled = 0), sum(was_cancelled) FROM annotations
     WHERE project = ? GROUP BY 1`,
  ),
  annotators: db.prepare(
    'SELECT completed_by, sum(was_cancelled = 0), sum(was_cancelled) FROM annotations WHERE project = ? GROUP BY 1',
  ),
  labels: db.prepare(
    `SELECT r.value ->> 'from_name', l.value, count(*) FROM annotations a, json_each(a.result) r,
       json_each(r.value -> 'value' -> (r.value ->> 'type')) l
     WHERE a.project = ? AND a.was_cancelled = 0 GROUP BY 1, 2`,
  ),
};
const runNaive = () => {
  for (const query of Object.values(naive)) query.all(project);
};

/**
 * Two small fresh apps, one without the dashboard triggers, for the write overhead: raw inserts
 * (the tightest baseline) and imports of tasks with annotations through the API.
 */
async function writeRig(withTriggers: boolean) {
  const rig = await createTestApp();
  if (!withTriggers) {
    const triggers = rig.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%activity%'")
      .pluck()
      .all() as string[];
    for (const name of triggers) rig.db.exec(`DROP TRIGGER ${name}`);
  }
  const rigProject = Number(
    rig.db.prepare('INSERT INTO projects (created_at, updated_at) VALUES (?, ?)').run(NOW, NOW).lastInsertRowid,
  );
  seedTasks(rig.db, rigProject, 10_000);
  const insert = rig.db.prepare(INSERT_ANNOTATION);
  let serial = 0;
  return {
    /** 1,000 annotations in one transaction, rolled back so every run starts alike. */
    insert() {
      rig.db.exec('BEGIN');
      for (let index = 1; index <= 1000; index += 1) {
        const row = annotationRow(index);
        serial += 1;
        insert.run(
          index,
          rigProject,
          `w${serial}`,
          row.result,
          rig.userId,
          row.isSkip ? 1 : 0,
          row.created,
          row.created,
        );
      }
      rig.db.exec('ROLLBACK');
    },
    async import() {
      const response = await rig.app.request(`/api/projects/${rigProject}/import`, {
        method: 'POST',
        body: IMPORT_BODY,
        headers: { Authorization: `Token ${rig.token}`, 'Content-Type': 'application/json' },
      });
      if (response.status !== 201) throw new Error(`import: ${response.status} ${await response.text()}`);
    },
  };
}
const IMPORT_BODY = JSON.stringify(
  Array.from({ length: 1000 }, (_, index) => ({
    data: { text: `review ${index}` },
    annotations: [{ result: JSON.parse(annotationRow(index + 1).result) as unknown, was_cancelled: false }],
  })),
);
const withTriggers = await writeRig(true);
const withoutTriggers = await writeRig(false);

console.log(
  `\ndashboard bench: ${TASKS.toLocaleString('en')} tasks inserted in ${taskSeconds.toFixed(1)} s, ` +
    `300,000 annotations (triggers on) in ${annotationSeconds.toFixed(1)} s; aggregate rows: ` +
    `${db.prepare('SELECT count(*) FROM annotation_activity').pluck().get() as number} activity, ` +
    `${db.prepare('SELECT count(*) FROM annotation_label_activity').pluck().get() as number} label\n`,
);

afterAll(() => {
  db.close();
  rmSync(folder, { recursive: true, force: true });
});

// The naive baseline parses 300k results: seconds a run, so it runs few times.
const slow = { iterations: 3, warmupIterations: 1, warmupTime: 0 };

test(`dashboard of a ${TASKS.toLocaleString('en')}-task project, 300k annotations`, GROUP, async ({ bench }) => {
  const floorCount = bench('floor: task count and labeled count (one index pass, as the project cards)', () => {
    floor.all(project);
  });
  const byDay = bench('app: GET dashboard, all time, by day', async () => getDashboard(''));
  const paris = bench('app: GET dashboard, 30 days by day, Europe/Paris', async () =>
    getDashboard('?from=2025-11-01&to=2025-11-30&timezone=Europe/Paris'),
  );
  const byWeek = bench('app: GET dashboard, all time by week', async () => getDashboard('?bucket=week'));
  const naiveQueries = bench('naive: the same numbers from the annotations (json_each)', runNaive);
  // The iteration counts differ: the entries given with their options (20 iterations, `slow`) run
  // alone first, each with its own one-row table; the floor and the Paris range run in the
  // comparison itself with the default options (compareMixed).
  const results = await compareMixed(bench, [
    floorCount,
    [byDay, { iterations: 20 }],
    paris,
    [byWeek, { iterations: 20 }],
    [naiveQueries, slow],
  ]);
  printRatios(results, floorCount, [byDay, paris, byWeek, naiveQueries]);
});

test('writing 1,000 annotations: raw inserts (one transaction, rolled back)', GROUP, async ({ bench }) => {
  const baseline = bench('baseline: without the dashboard triggers', withoutTriggers.insert);
  const triggers = bench('with the dashboard triggers', withTriggers.insert);
  printRatios(await bench.compare(baseline, triggers), baseline, [triggers]);
});

test('writing 1,000 annotations: POST /api/projects/{id}/import of 1,000 annotated tasks', GROUP, async ({ bench }) => {
  const baseline = bench('baseline: without the dashboard triggers', withoutTriggers.import);
  const triggers = bench('with the dashboard triggers', withTriggers.import);
  printRatios(await bench.compare(baseline, triggers, { iterations: 10 }), baseline, [triggers]);
});

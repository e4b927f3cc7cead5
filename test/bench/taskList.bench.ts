import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { createTestApp } from '../helpers/testApp.js';
import { compareMixed, GROUP, printRatios } from './benchCompare.js';

/*
 * GET /api/tasks/ on a 1,000,000-task project in a file database. Each case is measured against
 * a raw better-sqlite3 baseline of the same page in the same run:
 * - default order (by id) at page 1, 500 and 9,999 (page_size 100): the baseline is the naive
 *   count(*) + LIMIT/OFFSET a hand-written list would run;
 * - the same pages filtered by `data.lang = en` (999,900 tasks) and ordered by `data.score`;
 * - `data.category = c7` (20,000 tasks) ordered by `data.score`, at pages 1, 100 and 200.
 * For the filtered cases the baseline is the same count + page with json_extract and no
 * expression index (what the list would cost without its on-demand index).
 * Medians are printed for warm requests (the list's totals and page anchors are reused while
 * the database does not change) and cold ones (a write before every request drops all of it).
 * Read the ratios, not the absolute times: the machines are shared.
 */

const TASKS = 1_000_000;
const folder = mkdtempSync(join(tmpdir(), 'outpost-tasklist-bench-'));
const t = await createTestApp({ databasePath: join(folder, 'bench.db') });
const db = t.db;

const setupStart = performance.now();
db.pragma('synchronous = OFF');
const project = Number(
  db
    .prepare(
      'INSERT INTO projects (title, data_types, created_at, updated_at) VALUES (\'Bench\', \'{"text": "Text"}\', ?, ?)',
    )
    .run('2026-01-15T10:00:00.000000Z', '2026-01-15T10:00:00.000000Z').lastInsertRowid,
);
db.transaction(() => {
  const insert = db.prepare(
    'INSERT INTO tasks (project, inner_id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const now = '2026-01-15T10:00:00.000000Z';
  for (let index = 1; index <= TASKS; index += 1) {
    const lang = index % 10_000 === 0 ? 'de' : 'en';
    const data = `{"text": "task number ${index}", "score": ${(index * 7919) % 1000}, "category": "c${index % 50}", "lang": "${lang}"}`;
    insert.run(project, index, data, now, now);
  }
})();
db.pragma('synchronous = FULL');
const insertSeconds = (performance.now() - setupStart) / 1000;

const headers = { Authorization: `Token ${t.token}` };
const filterQuery = (key: string, value: string) =>
  encodeURIComponent(
    JSON.stringify({
      filters: {
        conjunction: 'and',
        items: [{ filter: `filter:tasks:data.${key}`, operator: 'equal', type: 'String', value }],
      },
      ordering: ['tasks:data.score'],
    }),
  );
const listPath = (page: number) => `/api/tasks?project=${project}&page_size=100&page=${page}`;
const langPath = (page: number) => `${listPath(page)}&query=${filterQuery('lang', 'en')}`;
const categoryPath = (page: number) => `${listPath(page)}&query=${filterQuery('category', 'c7')}`;

async function getPage(path: string): Promise<void> {
  const response = await t.app.request(path, { headers });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

// The first request of each filter makes its (project, <key>, score, id) expression index.
const indexStart = performance.now();
await getPage(langPath(1));
await getPage(categoryPath(1));
const indexSeconds = (performance.now() - indexStart) / 2000;

const count = db.prepare('SELECT count(*) FROM tasks WHERE project = ?').pluck();
const page = db.prepare('SELECT * FROM tasks WHERE project = ? ORDER BY id LIMIT 100 OFFSET ?');
const filteredStatements = (key: string) => {
  const where = `project = ? AND json_extract(data, '$.${key}') = ?`;
  return {
    count: db.prepare(`SELECT count(*) FROM tasks NOT INDEXED WHERE ${where}`).pluck(),
    page: db.prepare(
      `SELECT * FROM tasks NOT INDEXED WHERE ${where} ORDER BY json_extract(data, '$.score'), id LIMIT 100 OFFSET ?`,
    ),
  };
};
const byLang = filteredStatements('lang');
const byCategory = filteredStatements('category');
const baseline = (offset: number) => {
  count.get(project);
  page.all(project, offset);
};
const filteredBaseline = (statements: ReturnType<typeof filteredStatements>, value: string, offset: number) => {
  statements.count.get(project, value);
  statements.page.all(project, value, offset);
};

db.exec('CREATE TEMP TABLE bench_bump (x)');
const bump = db.prepare('INSERT INTO bench_bump VALUES (1)');

async function median(run: () => unknown, times: number, cold = false): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    if (cold) bump.run();
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1]!;
}

const cases: { name: string; app: string; baseline: () => void; runs: number }[] = [
  { name: 'page 1', app: listPath(1), baseline: () => baseline(0), runs: 31 },
  { name: 'page 500', app: listPath(500), baseline: () => baseline(49_900), runs: 31 },
  { name: 'page 9,999', app: listPath(9_999), baseline: () => baseline(999_800), runs: 31 },
  { name: 'lang=en by score, page 1', app: langPath(1), baseline: () => filteredBaseline(byLang, 'en', 0), runs: 31 },
  {
    name: 'lang=en by score, page 500',
    app: langPath(500),
    baseline: () => filteredBaseline(byLang, 'en', 49_900),
    runs: 31,
  },
  {
    name: 'lang=en by score, page 9,999',
    app: langPath(9_999),
    baseline: () => filteredBaseline(byLang, 'en', 999_800),
    runs: 31,
  },
  {
    name: 'category=c7 by score, page 1',
    app: categoryPath(1),
    baseline: () => filteredBaseline(byCategory, 'c7', 0),
    runs: 31,
  },
  {
    name: 'category=c7 by score, page 200',
    app: categoryPath(200),
    baseline: () => filteredBaseline(byCategory, 'c7', 19_900),
    runs: 31,
  },
];

const rows: string[] = [];
for (const item of cases) {
  const cold = await median(() => getPage(item.app), 5, true);
  await getPage(item.app);
  const warm = await median(() => getPage(item.app), item.runs);
  const raw = await median(item.baseline, 3);
  rows.push(
    `${item.name.padEnd(32)} app warm ${warm.toFixed(2).padStart(7)} ms   app cold ${cold.toFixed(2).padStart(7)} ms   ` +
      `baseline ${raw.toFixed(2).padStart(8)} ms   warm/baseline ${(warm / raw).toFixed(3)}`,
  );
}

// A pager walking 20 consecutive deep pages: each starts from the previous page's last key.
const walkStart = performance.now();
for (let pageNumber = 9_980; pageNumber < 10_000; pageNumber += 1) await getPage(listPath(pageNumber));
const walkMs = (performance.now() - walkStart) / 20;

const plan = (sql: string, ...params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join(' | ');
console.log(
  [
    '',
    `GET /api/tasks/ on ${TASKS.toLocaleString('en')} tasks: insert ${insertSeconds.toFixed(1)} s, ` +
      `first filtered request (builds the expression index) ${indexSeconds.toFixed(1)} s`,
    ...rows,
    `sequential walk of pages 9,980..9,999: ${walkMs.toFixed(2)} ms a page`,
    `plan, default page:  ${plan('SELECT t.id FROM tasks t WHERE t.project = ? ORDER BY t.id LIMIT 100 OFFSET 5', project)}`,
    `plan, filtered page: ${plan(
      `SELECT json_extract(t.data, '$."score"'), t.id FROM tasks t WHERE t.project = ? AND json_extract(t.data, '$."lang"') = ?
       AND json_extract(t.data, '$."score"') IS NOT NULL ORDER BY json_extract(t.data, '$."score"'), t.id LIMIT 100`,
      project,
      'en',
    )}`,
    `plan, sums:          ${plan(
      'SELECT sum(t.total_annotations) FROM tasks t WHERE t.project = ? AND (total_annotations > 0 OR total_predictions > 0)',
      project,
    )}`,
    '',
  ].join('\n'),
);

afterAll(() => {
  db.close();
  rmSync(folder, { recursive: true, force: true });
});

// The slow baselines run few times: each costs up to seconds, and the medians above are the figures.
const slow = { iterations: 3, warmupIterations: 1, warmupTime: 0 };

test(`GET /api/tasks/ (${TASKS.toLocaleString('en')} tasks, page_size 100)`, GROUP, async ({ bench }) => {
  const page = bench('app: page 9,999 (warm)', async () => getPage(listPath(9_999)));
  const pageBaseline = bench('baseline: count + LIMIT/OFFSET page 9,999', () => baseline(999_800));
  const lang = bench('app: lang=en by score, page 9,999 (warm)', async () => getPage(langPath(9_999)));
  const langBaseline = bench('baseline: json_extract count + page 9,999 without index', () =>
    filteredBaseline(byLang, 'en', 999_800),
  );
  // The app runs 20 iterations, the baselines `slow`: the baselines run alone first, each with its
  // own one-row table, then join the app's comparison (compareMixed).
  const results = await compareMixed(bench, [page, [pageBaseline, slow], lang, [langBaseline, slow]], {
    iterations: 20,
  });
  printRatios(results, pageBaseline, [page]);
  printRatios(results, langBaseline, [lang]);
});

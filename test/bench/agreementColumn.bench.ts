import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { refreshTaskCounters } from '../../electron/core/db/repos/taskCountersRepo.js';
import { refreshTaskAgreement } from '../../electron/core/domain/agreement/taskAgreementColumn.js';
import { createTestApp } from '../helpers/testApp.js';
import { GROUP, printRatios } from './benchCompare.js';
import { seedTasks } from './seedTasks.js';

/*
 * The Data Manager's `agreement` column on a 100,000-task project in a file database, against the
 * plain stored counter `total_annotations` in the same run: GET /api/tasks/ sorted by each (page 1
 * and a deep page) and filtered by each (`greater`, page 1). Two thirds of the tasks have an
 * agreement spread over 0..1, the rest none (NULL, sorted last); the counters run 0..4. The values
 * are written straight into the rows, since what is measured is reading the column, not keeping it.
 * Every request follows a write, so the list's cached totals and page anchors are dropped and each
 * request runs its queries: the cold cost. The last group prices keeping the column: one
 * annotation update through the API (which recomputes the task's agreement) against the
 * recomputation alone and the task counters' refresh, on a task with three annotators.
 * Read the ratios, not the absolute times.
 */

const TASKS = 100_000;
const folder = mkdtempSync(join(tmpdir(), 'outpost-agreement-bench-'));
const t = await createTestApp({ databasePath: join(folder, 'bench.db') });
const db = t.db;

const NOW = '2026-01-15T10:00:00.000000Z';
const project = Number(
  db
    .prepare(
      'INSERT INTO projects (title, data_types, created_at, updated_at) VALUES (\'Bench\', \'{"text": "Text"}\', ?, ?)',
    )
    .run(NOW, NOW).lastInsertRowid,
);
const seedSeconds = seedTasks(db, project, TASKS);
db.pragma('synchronous = OFF');
db.prepare(
  `UPDATE tasks SET total_annotations = inner_id % 5,
     agreement = CASE WHEN inner_id % 3 = 0 THEN NULL ELSE ((inner_id * 7919) % 1001) / 1000.0 END
   WHERE project = ?`,
).run(project);
db.pragma('synchronous = FULL');

const headers = { Authorization: `Token ${t.token}` };
const PAGE_SIZE = 100;
/** Page 600 of 1,000: deep enough that a page cannot come from the first rows. */
const DEEP_PAGE = 600;

function listPath(query: unknown, page: number): string {
  return `/api/tasks?project=${project}&page_size=${PAGE_SIZE}&page=${page}&fields=task_only&query=${encodeURIComponent(JSON.stringify(query))}`;
}
const sortedBy = (column: string, page: number) => listPath({ ordering: [`tasks:${column}`] }, page);
const filteredBy = (column: string, value: number) =>
  listPath(
    {
      filters: {
        conjunction: 'and',
        items: [{ filter: `filter:tasks:${column}`, operator: 'greater', type: 'Number', value }],
      },
    },
    1,
  );

db.exec('CREATE TEMP TABLE bench_bump (x)');
const bump = db.prepare('INSERT INTO bench_bump VALUES (1)');

async function getColdPage(path: string): Promise<void> {
  bump.run();
  const response = await t.app.request(path, { headers });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

const plan = (column: string) =>
  (
    db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT t.${column}, t.id FROM tasks t WHERE t.project = ? ORDER BY t.${column} ASC, t.id ASC LIMIT 100`,
      )
      .all(project) as { detail: string }[]
  )
    .map((row) => row.detail)
    .join(' | ');
console.log(
  [
    '',
    `agreement column on ${TASKS.toLocaleString('en')} tasks: seeded in ${seedSeconds.toFixed(1)} s`,
    `plan, sort by agreement:         ${plan('agreement')}`,
    `plan, sort by total_annotations: ${plan('total_annotations')}`,
    '',
  ].join('\n'),
);

afterAll(() => {
  db.close();
  rmSync(folder, { recursive: true, force: true });
});

const RUN = { iterations: 20, warmupIterations: 2 };

test(`sort by agreement vs total_annotations (${TASKS.toLocaleString('en')} tasks, cold)`, GROUP, async ({ bench }) => {
  const counterFirst = bench('total_annotations, page 1', () => getColdPage(sortedBy('total_annotations', 1)));
  const agreementFirst = bench('agreement, page 1', () => getColdPage(sortedBy('agreement', 1)));
  const counterDeep = bench(`total_annotations, page ${DEEP_PAGE}`, () =>
    getColdPage(sortedBy('total_annotations', DEEP_PAGE)),
  );
  const agreementDeep = bench(`agreement, page ${DEEP_PAGE}`, () => getColdPage(sortedBy('agreement', DEEP_PAGE)));
  const descending = bench('-agreement, page 1', () => getColdPage(sortedBy('-agreement', 1)));
  const results = await bench.compare(counterFirst, agreementFirst, counterDeep, agreementDeep, descending, RUN);
  printRatios(results, counterFirst, [agreementFirst, descending]);
  printRatios(results, counterDeep, [agreementDeep]);
});

test(
  `filter by agreement vs total_annotations (${TASKS.toLocaleString('en')} tasks, cold)`,
  GROUP,
  async ({ bench }) => {
    // Both keep about 40% of the tasks: counters 3 and 4, agreements above 0.4.
    const counter = bench('total_annotations > 2, page 1', () => getColdPage(filteredBy('total_annotations', 2)));
    const agreement = bench('agreement > 0.4, page 1', () => getColdPage(filteredBy('agreement', 0.4)));
    const results = await bench.compare(counter, agreement, RUN);
    printRatios(results, counter, [agreement]);
  },
);

/** A Choices project with one task that three annotators answered, through the API. */
async function annotatedTask(): Promise<{ task: number; annotation: number }> {
  const send = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const response = await t.app.request(path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const config =
    '<View><Text name="text" value="$text"/><Choices name="label" toName="text" choice="multiple">' +
    '<Choice value="a"/><Choice value="b"/><Choice value="c"/></Choices></View>';
  const { id: choicesProject } = await send<{ id: number }>('POST', '/api/projects/', { label_config: config });
  const { id: task } = await send<{ id: number }>('POST', `/api/projects/${choicesProject}/tasks/`, {
    data: { text: 'x' },
  });
  const users = [t.userId];
  for (const email of ['b@example.com', 'c@example.com']) {
    const insert = db.prepare(
      "INSERT INTO users (email, date_joined, last_activity, is_local) VALUES (?, 'x', 'x', 0)",
    );
    users.push(Number(insert.run(email).lastInsertRowid));
  }
  const answer = (...chosen: string[]) => [
    { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: chosen } },
  ];
  const ids: number[] = [];
  for (const [index, user] of users.entries()) {
    const chosen = [['a', 'b'], ['a'], ['b', 'c']][index]!;
    ids.push(
      (
        await send<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, {
          result: answer(...chosen),
          completed_by: user,
        })
      ).id,
    );
  }
  return { task, annotation: ids[0]! };
}

test('keeping the column: an annotation update vs its agreement recomputation', GROUP, async ({ bench }) => {
  const { task, annotation } = await annotatedTask();
  const body = JSON.stringify({
    result: [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['a', 'b'] } }],
  });
  const update = bench('PATCH /api/annotations/{id} (recomputes the agreement)', async () => {
    const response = await t.app.request(`/api/annotations/${annotation}/`, {
      method: 'PATCH',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body,
    });
    if (response.status !== 200) throw new Error(`PATCH: ${response.status}`);
    await response.arrayBuffer();
  });
  const agreement = bench('refreshTaskAgreement alone', () => refreshTaskAgreement(db, task));
  const counters = bench('refreshTaskCounters alone', () => refreshTaskCounters(db, task));
  const results = await bench.compare(update, agreement, counters, { iterations: 200, warmupIterations: 20 });
  printRatios(results, update, [agreement, counters]);
});

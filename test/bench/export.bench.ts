import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { createTestApp } from '../helpers/testApp.js';
import { peakRss } from '../helpers/peakRss.js';
import { GROUP, printRatios } from './benchCompare.js';

// JSON export of 100k tasks with one annotation each through GET /api/projects/{id}/export
// (in-process app.request: auth, paged reads, batched annotation/draft/prediction queries, the
// ujson-compatible encoder, the streamed body read to its end) against a raw baseline: the same
// rows read with one joined query and JSON.stringify'd. Both from a database file. Read the
// ratio, not the absolute times; the RSS line is the streaming claim (target: under 150 MB).
//
// Where the export's time went (CPU profile, before stored JSON was written as it is): reading the
// pages from SQLite ~0.7 s, GC ~0.8 s, parsing and re-encoding each task's data ~0.9 s, encoding
// the text to bytes ~0.2 s. Data, meta and results already in JSON.stringify's spelling are now
// written without parsing (encode/canonicalJson.ts); the reads and GC remain the larger share.
const TASKS = 100_000;
const folder = mkdtempSync(join(tmpdir(), 'outpost-export-bench-'));
const t = await createTestApp({ databasePath: join(folder, 'bench.db') });
afterAll(() => {
  t.db.close();
  rmSync(folder, { recursive: true, force: true });
});

const created = await t.withToken('/api/projects/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    title: 'Export bench',
    label_config:
      '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text"><Choice value="Positive"/><Choice value="Negative"/></Choices></View>',
  }),
});
const project = ((await created.json()) as { id: number }).id;

const filler = 'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(9);
const now = '2026-01-15T10:00:00.000000Z';
const insertTask = t.db.prepare(
  `INSERT INTO tasks (project, inner_id, data, created_at, updated_at, is_labeled, total_annotations)
   VALUES (?, ?, ?, ?, ?, 1, 1)`,
);
const insertAnnotation = t.db.prepare(
  `INSERT INTO annotations (task, project, unique_id, result, completed_by, lead_time, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
);
t.db.transaction(() => {
  for (let i = 1; i <= TASKS; i += 1) {
    const task = Number(
      insertTask.run(project, i, JSON.stringify({ text: `${i} ${filler}`, index: i }), now, now).lastInsertRowid,
    );
    const result = [
      {
        id: `r${i}`,
        from_name: 'sentiment',
        to_name: 'text',
        type: 'choices',
        value: { choices: [i % 2 ? 'Positive' : 'Negative'] },
      },
    ];
    insertAnnotation.run(task, project, `bench-${i}`, JSON.stringify(result), t.userId, 3.5, now, now);
  }
})();

async function exportThroughApp(): Promise<number> {
  const response = await t.withToken(`/api/projects/${project}/export?exportType=JSON`);
  if (response.status !== 200) throw new Error(`export failed: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return bytes;
}

const baselineQuery = t.db.prepare(
  `SELECT t.id, t.data, t.meta, t.created_at, t.updated_at, t.inner_id, t.total_annotations, a.id AS annotation_id,
     a.result, a.completed_by, a.lead_time, a.created_at AS annotation_created_at
   FROM tasks t LEFT JOIN annotations a ON a.task = t.id WHERE t.project = ? ORDER BY t.id`,
);

function exportRaw(): number {
  let bytes = 0;
  for (const row of baselineQuery.iterate(project) as Iterable<Record<string, unknown>>) {
    const task = {
      ...row,
      data: JSON.parse(row.data as string) as unknown,
      result: JSON.parse(row.result as string) as unknown,
    };
    bytes += JSON.stringify(task).length;
  }
  return bytes;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
let bodyBytes = 0;
const memory = await peakRss(async () => {
  bodyBytes = await exportThroughApp();
});
console.log(
  `JSON export of ${TASKS} tasks: body ${mb(bodyBytes)}, RSS before ${mb(memory.before)}, ` +
    `peak growth ${mb(memory.peak - memory.before)} (target < 150 MB)`,
);

test(`JSON export of ${TASKS} tasks with one annotation each`, GROUP, async ({ bench }) => {
  const baseline = bench('baseline: one joined query, JSON.stringify per row', () => void exportRaw());
  const app = bench(
    'app.request GET /api/projects/{id}/export?exportType=JSON, body read to the end',
    async () => void (await exportThroughApp()),
  );
  printRatios(await bench.compare(baseline, app, { iterations: 3, warmupIterations: 0, time: 0 }), baseline, [app]);
});

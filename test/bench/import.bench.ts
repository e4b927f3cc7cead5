import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { createTestApp } from '../helpers/testApp.js';
import { peakRss } from '../helpers/peakRss.js';

// 100k tasks of about 1 KB through POST /api/projects/{id}/import (JSON body, in-process
// app.request: routing, auth, body read, item scan, per-item parse and validation, inserts with
// counters) against a raw better-sqlite3 insert of the same rows with one prepared statement in
// one transaction. Both write to a database file. Read the ratio, not the absolute times.
const TASKS = 100_000;
const t = await createTestApp({ databasePath: join(mkdtempSync(join(tmpdir(), 'outpost-import-bench-')), 'bench.db') });
const json = { 'Content-Type': 'application/json' };

async function createProject(): Promise<number> {
  const response = await t.withToken('/api/projects/', {
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
  const response = await t.withToken(`/api/projects/${measured}/import`, { method: 'POST', body, headers: json });
  if (response.status !== 201) throw new Error(`import failed: ${response.status} ${await response.text()}`);
});
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `import of ${TASKS} tasks: body ${mb(body.byteLength)}, RSS before ${mb(memory.before)}, peak growth ` +
    `${mb(memory.peak - memory.before)} = ${((memory.peak - memory.before) / body.byteLength).toFixed(2)}x the body ` +
    '(includes the in-process client copy of the body)',
);

const now = '2026-01-15T10:00:00.000000Z';
const insert = t.db.prepare(
  `INSERT INTO tasks (project, inner_id, data, meta, created_at, updated_at, is_labeled, overlap,
     total_annotations, cancelled_annotations, total_predictions, file_upload, allow_skip)
   VALUES (?, ?, ?, '{}', ?, ?, 0, 1, 0, 0, 0, NULL, 1)`,
);
const baselineProject = await createProject();
const appProject = await createProject();
let nextInner = 1;

describe(`import ${TASKS} tasks of ~1 KB`, () => {
  bench(
    'baseline: raw better-sqlite3 insert of the same rows, one transaction',
    () => {
      t.db.transaction(() => {
        for (const data of rows) insert.run(baselineProject, nextInner++, data, now, now);
      })();
    },
    { iterations: 3, warmupIterations: 0, time: 0 },
  );
  bench(
    'app.request POST /api/projects/{id}/import (JSON body)',
    async () => {
      const response = await t.withToken(`/api/projects/${appProject}/import`, { method: 'POST', body, headers: json });
      if (response.status !== 201) throw new Error(`import failed: ${response.status}`);
    },
    { iterations: 3, warmupIterations: 0, time: 0 },
  );
});

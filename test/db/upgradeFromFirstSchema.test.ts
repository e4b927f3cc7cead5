import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentSchemaVersion, migrate } from '../../electron/core/db/migrate.js';
import { migrations } from '../../electron/core/db/migrations/index.js';
import { openDatabase, type Db } from '../../electron/core/db/open.js';
import { parseLabelConfig } from '../../shared/label-config/parseLabelConfig.js';
import { parseXml } from '../../shared/label-config/xml.js';
import { dumpSchema } from '../helpers/dumpSchema.js';
import { counterComparison } from '../helpers/projectCounterRecount.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

/**
 * A data folder from Outpost's first release, upgraded by this one: every migration after 0001
 * runs over rows that 0001's schema held, and the API then reads them as it reads its own.
 */
const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Choices name="sentiment" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
const WHEN = '2026-01-10T09:00:00.000000Z';
const choice = (value: string) => ({
  id: `r-${value}`,
  from_name: 'sentiment',
  to_name: 'text',
  type: 'choices',
  value: { choices: [value] },
});

/** Rows as the first schema stores them: a user with its token, a project, tasks and their work. */
function writeFirstReleaseData(db: Db): void {
  const insert = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);
  insert(`INSERT INTO users (id, email, date_joined, last_activity) VALUES (1, 'field@example.com', ?, ?)`, WHEN, WHEN);
  insert(`INSERT INTO legacy_tokens (key, user, created) VALUES (?, 1, ?)`, TEST_TOKEN, WHEN);
  insert(
    `INSERT INTO projects (id, title, label_config, parsed_label_config, created_by, created_at, updated_at)
     VALUES (1, 'Field reviews', ?, ?, 1, ?, ?)`,
    CONFIG,
    JSON.stringify(parseLabelConfig(parseXml(CONFIG))),
    WHEN,
    WHEN,
  );
  for (const [id, text] of [
    [1, 'good'],
    [2, 'bad'],
    [3, 'unsure'],
  ] as const) {
    insert(
      `INSERT INTO tasks (id, project, inner_id, data, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?)`,
      id,
      id,
      JSON.stringify({ text }),
      WHEN,
      WHEN,
    );
  }
  const annotate = (id: number, task: number, result: unknown[], cancelled = 0) =>
    insert(
      `INSERT INTO annotations (id, task, project, unique_id, result, completed_by, was_cancelled, created_at, updated_at)
       VALUES (?, ?, 1, ?, ?, 1, ?, ?, ?)`,
      id,
      task,
      `00000000-0000-4000-8000-00000000000${id}`,
      JSON.stringify(result),
      cancelled,
      WHEN,
      WHEN,
    );
  annotate(1, 1, [choice('pos')]);
  annotate(2, 2, [choice('neg')]);
  annotate(3, 3, [], 1);
  insert(`UPDATE tasks SET is_labeled = 1, total_annotations = 1 WHERE id IN (1, 2)`);
  insert(`UPDATE tasks SET cancelled_annotations = 1 WHERE id = 3`);
  insert(
    `INSERT INTO predictions (task, project, result, score, model_version, created_at, updated_at)
     VALUES (3, 1, ?, 0.5, 'v1', ?, ?)`,
    JSON.stringify([choice('neg')]),
    WHEN,
    WHEN,
  );
  insert(`UPDATE tasks SET total_predictions = 1 WHERE id = 3`);
  insert(
    `INSERT INTO drafts (task, project, user, result, created_at, updated_at) VALUES (3, 1, 1, ?, ?, ?)`,
    JSON.stringify([choice('pos')]),
    WHEN,
    WHEN,
  );
}

describe('a database from the first schema, upgraded', () => {
  it('keeps every row and reads them through the API as if this version had written them', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outpost-first-schema-')), 'outpost.db');
    const old = openDatabase(path);
    await migrate(old, { migrations: migrations.slice(0, 1) });
    expect(currentSchemaVersion(old)).toBe(1);
    writeFirstReleaseData(old);
    old.close();

    const t = await createTestApp({ databasePath: path });
    expect(currentSchemaVersion(t.db)).toBe(migrations.length);
    // The upgraded schema is the one a new database gets, and the data still holds together.
    expect(dumpSchema(t.db)).toBe(readFileSync(new URL('../fixtures/schema.sql', import.meta.url), 'utf8'));
    expect(t.db.pragma('foreign_key_check')).toEqual([]);
    expect(t.db.pragma('integrity_check', { simple: true })).toBe('ok');
    // 0014 counted the project's rows into its kept counters.
    const filled = counterComparison(t.db);
    expect(filled.kept).toEqual(filled.recount);

    const project = (await (await t.withToken('/api/projects/1/')).json()) as Record<string, unknown>;
    expect(project).toMatchObject({
      id: 1,
      title: 'Field reviews',
      task_number: 3,
      total_annotations_number: 2,
      skipped_annotations_number: 1,
      total_predictions_number: 1,
      num_tasks_with_annotations: 2,
    });
    const task = (await (await t.withToken('/api/tasks/1/')).json()) as { annotations: Record<string, unknown>[] };
    expect(task.annotations).toHaveLength(1);
    expect(task.annotations[0]).toMatchObject({
      id: 1,
      result: [choice('pos')],
      completed_by: { id: 1, email: 'field@example.com' },
    });
    const annotation = (await (await t.withToken('/api/annotations/1/')).json()) as Record<string, unknown>;
    expect(annotation).toMatchObject({ id: 1, task: 1, was_cancelled: false });
    // 0007 counted the regions of annotations it found (stored, as Label Studio stores it).
    expect(t.db.prepare('SELECT id, result_count FROM annotations ORDER BY id').raw().all()).toEqual([
      [1, 1],
      [2, 1],
      [3, 0],
    ]);
    const drafts = (await (await t.withToken('/api/tasks/3/drafts')).json()) as { result: unknown }[];
    expect(drafts.map((draft) => draft.result)).toEqual([[choice('pos')]]);

    // Migrations after 0001 fill their tables from the old rows (0011's dashboard aggregates).
    const dashboard = (await (await t.withToken('/api/outpost/projects/1/dashboard')).json()) as {
      totals: Record<string, number>;
      labels: { from_name: string; counts: { label: string; count: number }[] }[];
    };
    expect(dashboard.totals).toEqual({ tasks: 3, completed: 2, skipped: 1, remaining: 0 });
    expect(dashboard.labels[0]?.counts).toEqual([
      { label: 'neg', count: 1 },
      { label: 'pos', count: 1 },
    ]);

    // And it goes on working: a new annotation, then the export holds old and new.
    t.db.prepare('UPDATE tasks SET cancelled_annotations = 0 WHERE id = 3').run();
    const created = await t.postJson(
      '/api/tasks/3/annotations/',
      { result: [choice('neg')] },
      { Authorization: `Token ${TEST_TOKEN}` },
    );
    expect(created.status).toBe(201);
    const exported = (await (await t.withToken('/api/projects/1/export?exportType=JSON')).json()) as {
      id: number;
      annotations: { result: unknown[] }[];
    }[];
    expect(exported.map((item) => [item.id, item.annotations.map((a) => a.result)])).toEqual([
      [1, [[choice('pos')]]],
      [2, [[choice('neg')]]],
      [3, [[], [choice('neg')]]],
    ]);
    const kept = counterComparison(t.db);
    expect(kept.kept).toEqual(kept.recount);
  });
});

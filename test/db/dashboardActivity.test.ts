import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/migrate.js';
import { migrations } from '../../electron/core/db/migrations/index.js';
import { openDatabase, type Db } from '../../electron/core/db/open.js';

/*
 * Migration 0011's aggregates (annotation_activity, annotation_label_activity) against a count
 * made here in plain TypeScript from the annotations themselves, after the backfill and after
 * every kind of write the app makes: inserts, edits, skips, author changes, deletions, cascades.
 */

const NOW = '2026-01-15T10:00:00.000000Z';

/** Results as text, malformed ones included: none of them may make a write fail. */
const RESULTS = {
  choices: JSON.stringify([{ from_name: 'sentiment', type: 'choices', value: { choices: ['pos', 'neg'] } }]),
  boxes: JSON.stringify([
    { from_name: 'box', type: 'rectanglelabels', value: { x: 1, rectanglelabels: ['Car'] } },
    { from_name: 'box', type: 'rectanglelabels', value: { x: 2, rectanglelabels: ['Car'] } },
  ]),
  taxonomy: JSON.stringify([
    { from_name: 'topic', type: 'taxonomy', value: { taxonomy: [['Animals', 'Cats'], ['Food']] } },
  ]),
  video: JSON.stringify([{ from_name: 'track', type: 'videorectangle', value: { sequence: [], labels: ['Runner'] } }]),
  odd: JSON.stringify([
    5,
    'text',
    null,
    { from_name: 'x', type: 'x[0]labels', value: {} },
    { from_name: 'y', type: 'a.labels', value: { 'a.labels': ['no'] } },
    { from_name: 'notes', type: 'textarea', value: { text: ['free text'] } },
    { from_name: 'empty', type: 'choices', value: { choices: [''] } },
  ]),
  nullResult: 'null',
  malformed: '[{"from_name": ',
  object: '{"choices": ["pos"]}',
};

/** Labels as the dashboard defines them, computed without SQL. */
function labelsOf(result: string): [string, string][] {
  let items: unknown;
  try {
    items = JSON.parse(result);
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  const labels: [string, string][] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const { from_name: fromName = '', type, value } = item as { from_name?: string; type?: string; value?: unknown };
    const isWord = typeof type === 'string' && /^[a-z]*$/.test(type);
    const key =
      type === 'choices' || type === 'taxonomy' || (isWord && type!.endsWith('labels'))
        ? type!
        : type === 'videorectangle'
          ? 'labels'
          : null;
    const values = key ? (value as Record<string, unknown> | undefined)?.[key] : undefined;
    for (const entry of Array.isArray(values) ? values : []) {
      const label = Array.isArray(entry) ? entry.filter((part) => typeof part === 'string').join(' / ') : entry;
      if (typeof label === 'string' && label !== '') labels.push([fromName, label]);
    }
  }
  return labels;
}

function expectedAggregates(db: Db) {
  const rows = db.prepare('SELECT project, result, was_cancelled, completed_by, created_at FROM annotations').all() as {
    project: number;
    result: string;
    was_cancelled: number;
    completed_by: number | null;
    created_at: string;
  }[];
  const activity = new Map<string, number[]>();
  const labels = new Map<string, number>();
  for (const row of rows) {
    // SQLite reads a time without a zone as UTC.
    const hasZone = /(Z|[+-]\d\d:\d\d)$/.test(row.created_at);
    const seconds = Date.parse(hasZone ? row.created_at : `${row.created_at.replace(' ', 'T')}Z`);
    const bucket = Number.isNaN(seconds) ? -1 : Math.floor(seconds / 1000 / 900);
    const key = `${row.project}|${bucket}|${row.completed_by ?? 0}`;
    const counts = activity.get(key) ?? [0, 0];
    counts[row.was_cancelled ? 1 : 0]! += 1;
    activity.set(key, counts);
    if (row.was_cancelled) continue;
    for (const [fromName, label] of labelsOf(row.result)) {
      const labelKey = `${row.project}|${bucket}|${fromName}|${label}`;
      labels.set(labelKey, (labels.get(labelKey) ?? 0) + 1);
    }
  }
  return {
    activity: [...activity].map(([key, [submitted, skipped]]) => `${key}|${submitted}|${skipped}`).sort(),
    labels: [...labels].map(([key, count]) => `${key}|${count}`).sort(),
  };
}

function storedAggregates(db: Db) {
  const activity = db
    .prepare(
      "SELECT project || '|' || bucket || '|' || completed_by || '|' || submitted || '|' || skipped AS row FROM annotation_activity",
    )
    .pluck()
    .all() as string[];
  const labels = db
    .prepare(
      "SELECT project || '|' || bucket || '|' || from_name || '|' || label || '|' || count AS row FROM annotation_label_activity",
    )
    .pluck()
    .all() as string[];
  return { activity: activity.sort(), labels: labels.sort() };
}

function seed(db: Db) {
  const user = (email: string) =>
    Number(
      db.prepare("INSERT INTO users (email, date_joined, last_activity) VALUES (?, 'x', 'x')").run(email)
        .lastInsertRowid,
    );
  const project = () =>
    Number(db.prepare('INSERT INTO projects (created_at, updated_at) VALUES (?, ?)').run(NOW, NOW).lastInsertRowid);
  const users = [user('a@example.com'), user('b@example.com')];
  const projects = [project(), project()];
  const insertTask = db.prepare(
    "INSERT INTO tasks (project, inner_id, data, created_at, updated_at) VALUES (?, ?, '{}', ?, ?)",
  );
  const insertAnnotation = db.prepare(
    `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const annotations: number[] = [];
  const results = Object.values(RESULTS);
  const times = [NOW, '2026-01-15T10:14:59Z', '2026-01-15T10:15:00+02:00', '2026-01-16 08:00:00', 'not a date'];
  for (let index = 0; index < 24; index += 1) {
    const projectId = projects[index % 2]!;
    const task = Number(insertTask.run(projectId, index + 1, NOW, NOW).lastInsertRowid);
    const author = index % 5 === 0 ? null : users[index % 2]!;
    const time = times[index % times.length]!;
    const row = insertAnnotation.run(
      task,
      projectId,
      `u${index}`,
      results[index % results.length]!,
      author,
      index % 7 === 0 ? 1 : 0,
      time,
      time,
    );
    annotations.push(Number(row.lastInsertRowid));
  }
  return { users, projects, annotations };
}

describe('the dashboard aggregates of migration 0011', () => {
  it('are filled from the annotations a database already holds', async () => {
    const db = openDatabase(':memory:');
    await migrate(db, { migrations: migrations.filter((migration) => migration.version < 11) });
    seed(db);
    await migrate(db);
    expect(storedAggregates(db)).toEqual(expectedAggregates(db));
    expect(storedAggregates(db).labels.length).toBeGreaterThan(0);
  });

  it('follow every write: creates, edits, skips, author and time changes, deletions and cascades', async () => {
    const db = openDatabase(':memory:');
    await migrate(db);
    const { users, projects, annotations } = seed(db);
    const check = () => expect(storedAggregates(db)).toEqual(expectedAggregates(db));
    check();
    const update = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);

    update('UPDATE annotations SET result = ? WHERE id = ?', RESULTS.boxes, annotations[1]);
    check();
    update(
      'UPDATE annotations SET was_cancelled = 1 - was_cancelled WHERE id IN (?, ?)',
      annotations[0],
      annotations[2],
    );
    check();
    update('UPDATE annotations SET completed_by = ? WHERE id = ?', users[1], annotations[3]);
    check();
    update("UPDATE annotations SET created_at = '2026-02-01T00:00:00Z' WHERE id = ?", annotations[4]);
    check();
    // Writes that change nothing the aggregates read leave them as they are.
    update('UPDATE annotations SET result = result, updated_at = ? WHERE id = ?', NOW, annotations[5]);
    check();
    update('DELETE FROM annotations WHERE id = ?', annotations[6]);
    check();
    update('DELETE FROM tasks WHERE id = (SELECT task FROM annotations WHERE id = ?)', annotations[7]);
    check();
    update('DELETE FROM users WHERE id = ?', users[0]);
    check();
    update('DELETE FROM projects WHERE id = ?', projects[0]);
    check();
    expect(db.prepare('SELECT count(*) FROM annotation_activity WHERE project = ?').pluck().get(projects[0])).toBe(0);
    update('DELETE FROM projects WHERE id = ?', projects[1]);
    expect(storedAggregates(db)).toEqual({ activity: [], labels: [] });
  });
});

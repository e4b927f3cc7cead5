import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/migrate.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { newerSyntaxIn } from '../helpers/sqliteSyntaxAge.js';

/*
 * Users open Outpost's database with the tools their system brings (Debian's sqlite3 shell,
 * Python's sqlite3 module), which refuse a whole file when one schema statement uses syntax newer
 * than their SQLite. The schema is checked with those tools themselves, and scanned for what
 * SQLite 3.31 (the oldest still shipped by a supported distribution) cannot read.
 */

const SQLITE_SHELL = '/usr/bin/sqlite3';
const NOW = '2026-01-15T10:00:00.000000Z';

let folder: string;
let path: string;
let schemaStatements: { name: string; sql: string }[];
let schemaRows: number;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'outpost-portable-'));
  path = join(folder, 'outpost.db');
  const db = openDatabase(path);
  await migrate(db);
  db.prepare(`INSERT INTO users (id, email, date_joined, last_activity) VALUES (1, 'a@example.com', ?, ?)`).run(
    NOW,
    NOW,
  );
  db.prepare(`INSERT INTO projects (id, title, created_at, updated_at) VALUES (1, 'p', ?, ?)`).run(NOW, NOW);
  db.prepare(
    `INSERT INTO tasks (id, project, inner_id, data, created_at, updated_at) VALUES (1, 1, 1, '{}', ?, ?)`,
  ).run(NOW, NOW);
  schemaStatements = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string }[];
  schemaRows = (db.prepare('SELECT count(*) AS rows FROM sqlite_master').get() as { rows: number }).rows;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the database file, opened by other tools', () => {
  it("opens in the system's sqlite3 shell, which finds it intact", () => {
    const output = execFileSync(SQLITE_SHELL, [path, 'PRAGMA integrity_check; SELECT count(*) FROM sqlite_master;'], {
      encoding: 'utf8',
    });
    expect(output).toBe(`ok\n${schemaRows}\n`);
  });

  it("is written to by Python's sqlite3 module, every trigger running there", () => {
    // Python's SQLite runs each annotation trigger (counters, dashboard activity) on a real write.
    const script = `
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute('PRAGMA foreign_keys = ON')
checks = [db.execute('PRAGMA integrity_check').fetchone()[0], db.execute('SELECT count(*) FROM sqlite_master').fetchone()[0]]
result = json.dumps([{'from_name': 'mood', 'type': 'choices', 'value': {'choices': ['happy']}}, 'odd', 5])
db.execute("INSERT INTO annotations (id, task, project, unique_id, result, completed_by, created_at, updated_at) VALUES (1, 1, 1, 'u1', ?, 1, ?, ?)", (result, '${NOW}', '${NOW}'))
db.execute('UPDATE tasks SET is_labeled = 1 WHERE id = 1')
after_insert = [db.execute('SELECT label, count FROM annotation_label_activity').fetchall(), db.execute('SELECT total_annotations_number, finished_task_number FROM project_counters').fetchall(), db.execute('SELECT annotated, labeled_annotated FROM project_user_queue').fetchall()]
db.execute('DELETE FROM tasks WHERE id = 1')
after_delete = [db.execute('SELECT count(*) FROM annotation_label_activity').fetchone()[0], db.execute('SELECT total_annotations_number, task_number FROM project_counters').fetchall(), db.execute('SELECT annotated, labeled_annotated FROM project_user_queue').fetchall()]
db.commit()
print(json.dumps({'version': sqlite3.sqlite_version, 'checks': checks, 'after_insert': after_insert, 'after_delete': after_delete}))
`;
    const answer = JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(answer).toEqual({
      version: expect.any(String),
      checks: ['ok', schemaRows],
      after_insert: [[['happy', 1]], [[1, 1]], [[1, 1]]],
      after_delete: [0, [[0, 0]], [[0, 0]]],
    });
  });
});

describe('the schema statements', () => {
  it('use no syntax newer than SQLite 3.31', () => {
    const found = schemaStatements.flatMap(({ name, sql }) => newerSyntaxIn(sql).map((what) => `${name}: ${what}`));
    expect(found).toEqual([]);
  });

  it('are scanned for what older SQLite refuses (the scan itself finds each kind)', () => {
    expect(newerSyntaxIn('CREATE TABLE t (a INTEGER) STRICT')).toEqual(['a STRICT table']);
    expect(
      newerSyntaxIn(`CREATE TRIGGER x AFTER DELETE ON t BEGIN
        UPDATE q AS kept SET n = kept.n - gone.n FROM (SELECT 1 AS n) AS gone WHERE kept.id = OLD.id;
      END`),
    ).toEqual(['UPDATE with an alias', 'UPDATE ... FROM']);
    expect(newerSyntaxIn("SELECT a ->> 'x', b -> 'y' FROM t")).toEqual(['the -> and ->> operators']);
    expect(
      newerSyntaxIn('CREATE TRIGGER x AFTER INSERT ON t BEGIN INSERT INTO q VALUES (1) ON CONFLICT DO NOTHING; END'),
    ).toEqual(['ON CONFLICT without a conflict target']);
    expect(newerSyntaxIn('CREATE TRIGGER x AFTER INSERT ON t BEGIN DELETE FROM q RETURNING id; END')).toEqual([
      'RETURNING',
    ]);
    expect(newerSyntaxIn('CREATE VIEW v AS SELECT unixepoch(a), iif(b, 1, 2) FROM t')).toEqual([
      'the function unixepoch()',
      'the function iif()',
    ]);
    // Words inside strings, comments and subqueries of an UPDATE are not syntax.
    expect(
      newerSyntaxIn(`CREATE TRIGGER x AFTER INSERT ON t BEGIN
        -- UPDATE q AS kept ... FROM, STRICT, ->
        UPDATE q SET n = (SELECT count(*) FROM r WHERE r.note = 'a -> b STRICT') WHERE id IN (SELECT id FROM r);
      END`),
    ).toEqual([]);
  });
});

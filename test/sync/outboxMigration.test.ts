import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/migrate.js';
import { migrations } from '../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../electron/core/db/open.js';

/*
 * Migration 0009 rebuilds sync_outbox (a CHECK cannot be altered in place): the pending and done
 * rows of a database from before it must come through with their ids, and the new kind fit.
 */

const version = migrations.find((migration) => migration.name === 'prediction_push')!.version;

describe('the prediction push migration', () => {
  it('keeps every outbox row as it was and accepts prediction_create rows afterwards', async () => {
    const db = openDatabase(':memory:');
    await migrate(db, { migrations: migrations.filter((migration) => migration.version < version) });
    const now = '2026-01-15T10:00:00.000000Z';
    db.prepare(
      "INSERT INTO remotes (id, url, token_kind, created_at, updated_at) VALUES (3, 'http://r', 'legacy', ?, ?)",
    ).run(now, now);
    const insert = db.prepare(
      `INSERT INTO sync_outbox (id, remote, project, task, kind, annotation, remote_annotation_id, unique_id, base,
         created_at, attempts, next_attempt_at, last_error, done_at)
       VALUES (@id, 3, 1, @task, @kind, @annotation, @remote_annotation_id, @unique_id, @base, @created_at, @attempts,
         @next_attempt_at, @last_error, @done_at)`,
    );
    const rows = [
      {
        id: 7,
        task: 2,
        kind: 'annotation_create',
        annotation: 5,
        remote_annotation_id: null,
        unique_id: 'u-5',
        base: null,
        created_at: now,
        attempts: 2,
        next_attempt_at: now,
        last_error: 'lost',
        done_at: null,
      },
      {
        id: 9,
        task: 2,
        kind: 'annotation_delete',
        annotation: null,
        remote_annotation_id: 40,
        unique_id: null,
        base: '{"result":"[]","importId":5}',
        created_at: now,
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
        done_at: now,
      },
      {
        id: 12,
        task: 4,
        kind: 'task_create',
        annotation: null,
        remote_annotation_id: null,
        unique_id: 'm-1',
        base: null,
        created_at: now,
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
        done_at: null,
      },
    ];
    for (const row of rows) insert.run(row);
    db.prepare('INSERT INTO projects (id, title, created_at, updated_at) VALUES (1, ?, ?, ?)').run('p', now, now);
    db.prepare('INSERT INTO remote_projects (project, remote, remote_project_id) VALUES (1, 3, 11)').run();

    await migrate(db);
    expect(db.prepare('SELECT * FROM sync_outbox ORDER BY id').all()).toEqual(
      rows.map((row) => ({ ...row, remote: 3, project: 1, prediction: null })),
    );
    expect(db.prepare('SELECT remote_model_version FROM remote_projects').pluck().get()).toBeNull();
    db.prepare(
      "INSERT INTO sync_outbox (remote, project, task, kind, prediction, created_at) VALUES (3, 1, 4, 'prediction_create', 8, ?)",
    ).run(now);
    expect(() =>
      db
        .prepare("INSERT INTO sync_outbox (remote, project, task, kind, created_at) VALUES (3, 1, 4, 'nonsense', ?)")
        .run(now),
    ).toThrow(/CHECK constraint failed/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // New rows continue after the old ids.
    expect(db.prepare('SELECT max(id) FROM sync_outbox').pluck().get()).toBe(13);
  });
});

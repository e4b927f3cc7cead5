import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentSchemaVersion, DatabaseTooNewError, migrate } from '../../electron/core/db/migrate.js';
import { migrations } from '../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { dumpSchema } from '../helpers/dumpSchema.js';

const SNAPSHOT = new URL('../fixtures/schema.sql', import.meta.url);

function tempDatabasePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'outpost-migrate-')), 'outpost.db');
}

describe('migrations', () => {
  it('builds the committed schema snapshot from an empty database', async () => {
    const db = openDatabase(':memory:');
    const result = await migrate(db);
    expect(result).toEqual({ from: 0, to: migrations.at(-1)?.version, backupPath: null });
    // To update after adding a migration: write dumpSchema's output to test/fixtures/schema.sql.
    expect(dumpSchema(db)).toBe(await readFile(SNAPSHOT, 'utf8'));
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('is idempotent and numbers migrations 1, 2, 3... without gaps', async () => {
    migrations.forEach((migration, index) => expect(migration.version).toBe(index + 1));
    const db = openDatabase(':memory:');
    await migrate(db);
    expect(await migrate(db)).toEqual({ from: migrations.length, to: migrations.length, backupPath: null });
  });

  it('opens file databases in WAL mode with foreign keys, a busy timeout and full sync', () => {
    const db = openDatabase(tempDatabasePath());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses a database written by a newer version, without touching it', async () => {
    const db = openDatabase(':memory:');
    await migrate(db);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'x')").run();
    const before = dumpSchema(db);
    await expect(migrate(db)).rejects.toBeInstanceOf(DatabaseTooNewError);
    await expect(migrate(db)).rejects.toThrow(
      new RegExp(`newer version of Outpost \\(schema 999; this version knows up to ${migrations.length}\\)`),
    );
    expect(dumpSchema(db)).toBe(before);
  });

  it('backs up an existing database before migrating it, and not a new one', async () => {
    const path = tempDatabasePath();
    const backup = `${path}.backup`;
    const first = [{ version: 1, name: 'one', sql: 'CREATE TABLE one (id INTEGER PRIMARY KEY);' }];
    const db = openDatabase(path);
    expect((await migrate(db, { migrations: first, backupPath: () => backup })).backupPath).toBeNull();
    db.prepare('INSERT INTO one (id) VALUES (42)').run();

    const second = [...first, { version: 2, name: 'two', sql: 'CREATE TABLE two (id INTEGER PRIMARY KEY);' }];
    const result = await migrate(db, { migrations: second, backupPath: () => backup });
    expect(result).toEqual({ from: 1, to: 2, backupPath: backup });
    db.close();

    const copy = openDatabase(backup);
    expect(currentSchemaVersion(copy)).toBe(1);
    expect(copy.prepare('SELECT id FROM one').all()).toEqual([{ id: 42 }]);
    expect(copy.prepare("SELECT name FROM sqlite_master WHERE name = 'two'").all()).toEqual([]);
    copy.close();
  });

  it('rolls a failing migration back completely and records nothing', async () => {
    const db = openDatabase(':memory:');
    const broken = [
      { version: 1, name: 'ok', sql: 'CREATE TABLE kept (id INTEGER);' },
      { version: 2, name: 'broken', sql: 'CREATE TABLE half (id INTEGER); INSERT INTO missing VALUES (1);' },
    ];
    await expect(migrate(db, { migrations: broken })).rejects.toThrow(/no such table: missing/);
    expect(currentSchemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('kept', 'half')").all()).toEqual([
      { name: 'kept' },
    ]);
  });
});

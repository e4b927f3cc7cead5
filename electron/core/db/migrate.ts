import { chmodSync, existsSync } from 'node:fs';
import { OWNER_ONLY_FILE } from './fileModes.js';
import type { Db } from './open.js';
import { migrations as allMigrations, type Migration } from './migrations/index.js';

export class DatabaseTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `This database was written by a newer version of Outpost (schema ${found}; this version knows up to ${known}). ` +
        'Upgrade Outpost, or open another data folder.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

export interface MigrateResult {
  from: number;
  to: number;
  backupPath: string | null;
}

export interface MigrateOptions {
  migrations?: readonly Migration[];
  /** Where to copy the database before changing an existing schema; null skips the backup. */
  backupPath?: (fromVersion: number) => string | null;
}

function ensureMigrationsTable(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
}

function bumpSchemaVersion(db: Db): void {
  const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
  db.pragma(`schema_version = ${schemaVersion + 1}`);
}

export function currentSchemaVersion(db: Db): number {
  ensureMigrationsTable(db);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

/**
 * Brings the schema up to date, one transaction per migration. A database from a newer Outpost is
 * refused before anything is written; an existing database is backed up before its first change.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<MigrateResult> {
  const migrations = options.migrations ?? allMigrations;
  const known = migrations.at(-1)?.version ?? 0;
  const from = currentSchemaVersion(db);
  if (from > known) throw new DatabaseTooNewError(from, known);
  const pending = migrations.filter((migration) => migration.version > from);
  if (pending.length === 0) return { from, to: from, backupPath: null };

  let backupPath: string | null = null;
  if (from > 0 && options.backupPath) {
    backupPath = options.backupPath(from);
    if (backupPath && !existsSync(backupPath)) {
      await db.backup(backupPath);
      chmodSync(backupPath, OWNER_ONLY_FILE);
    }
  }

  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of pending) {
    if (migration.editsSchemaText) db.unsafeMode(true);
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        // Statement text edited in place is not noticed by anyone holding the schema, this
        // connection included, until the schema's version moves.
        if (migration.editsSchemaText) bumpSchemaVersion(db);
        record.run(migration.version, migration.name, new Date().toISOString());
      })();
    } finally {
      if (migration.editsSchemaText) db.unsafeMode(false);
    }
  }
  return { from, to: known, backupPath };
}

import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path of a better_sqlite3.node built for another runtime (Electron's ABI in development). */
  nativeBinding?: string;
}

/** Opens (or creates) a database with the pragmas every Outpost connection relies on. */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // FULL makes each commit durable on power loss: a submitted annotation must survive.
  db.pragma('synchronous = FULL');
  return db;
}

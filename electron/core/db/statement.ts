import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';

const cache = new WeakMap<Db, Map<string, Statement>>();

/** Prepares each SQL text once per connection; repos call this instead of db.prepare in hot paths. */
export function statement(db: Db, sql: string): Statement {
  let byText = cache.get(db);
  if (!byText) {
    byText = new Map();
    cache.set(db, byText);
  }
  let prepared = byText.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    byText.set(sql, prepared);
  }
  return prepared;
}

import type { Statement } from 'better-sqlite3';
import type { Db } from '../open.js';

/*
 * Statement plumbing for the task list's dynamic SQL: a bounded statement cache, the SQL
 * functions its filters call, and the database stamp that tells whether anything changed.
 */

const STATEMENT_LIMIT = 64;
const statements = new WeakMap<Db, Map<string, Statement>>();
const withFunctions = new WeakSet<Db>();
const regexCache = new Map<string, RegExp | null>();

/**
 * Filters build SQL from a few shapes but literal data keys are part of the text, so prepared
 * statements are kept in a small LRU per connection instead of the unbounded statement() cache.
 */
export function prepare(db: Db, sql: string): Statement {
  let byText = statements.get(db);
  if (!byText) {
    byText = new Map();
    statements.set(db, byText);
  }
  let prepared = byText.get(sql);
  if (prepared) byText.delete(sql);
  else prepared = db.prepare(sql);
  byText.set(sql, prepared);
  if (byText.size > STATEMENT_LIMIT) byText.delete(byText.keys().next().value!);
  return prepared;
}

function compileRegex(pattern: string): RegExp | null {
  let regex = regexCache.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern);
    } catch {
      regex = null;
    }
    if (regexCache.size > 100) regexCache.clear();
    regexCache.set(pattern, regex);
  }
  return regex;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

/**
 * Functions the filters use. Case folding and regular expressions beyond ASCII are not in
 * SQLite's core (LIKE and lower() fold ASCII only), so they are small deterministic JavaScript
 * functions. A NULL value gives NULL, as SQL's own LIKE does, so it matches neither the
 * filter nor its negation.
 */
export function ensureTaskListFunctions(db: Db): void {
  if (withFunctions.has(db)) return;
  db.function('dm_icontains', { deterministic: true }, (haystack: unknown, needle: unknown) => {
    const text = asText(haystack);
    const part = asText(needle);
    if (text === null || part === null) return null;
    return text.toLowerCase().includes(part.toLowerCase()) ? 1 : 0;
  });
  db.function('dm_regexp', { deterministic: true }, (pattern: unknown, value: unknown) => {
    const text = asText(value);
    const regex = typeof pattern === 'string' ? compileRegex(pattern) : null;
    if (text === null) return null;
    return regex !== null && regex.test(text) ? 1 : 0;
  });
  withFunctions.add(db);
}

/**
 * The database's state: PRAGMA data_version moves when another connection commits, and
 * total_changes() counts every row this connection changed. Equal stamps mean no task,
 * annotation, prediction or draft changed in between, so list results can be reused.
 */
export function readDatabaseStamp(db: Db): string {
  const version = db.pragma('data_version', { simple: true }) as number;
  const changes = prepare(db, 'SELECT total_changes()').pluck().get() as number;
  return `${version}:${changes}`;
}

import Database from 'better-sqlite3';
import { inject } from 'vitest';
import { join } from 'node:path';

/**
 * Rows from the run's Label Studio database, read-only: evidence for a failure message when
 * Label Studio's answer and its stored state need to be told apart. Never used to assert.
 */
export function labelStudioRows(sql: string, ...params: unknown[]): unknown[] {
  const db = new Database(join(inject('labelStudio').dataDir, 'label_studio.sqlite3'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

import { createHash } from 'node:crypto';
import type { Db } from '../open.js';
import { statement } from '../statement.js';
import { dataKeyIndexExpression } from './taskColumnSql.js';
import type { DataKeyColumn } from './taskQuery.js';

/*
 * Expression indexes over task data keys, created on demand (domain/dataManager/dataKeyIndexes.ts)
 * and listed in data_key_indexes. Index names are generated (a hash of the definition) and the
 * definition's expressions are written here from keys that passed the literal-key pattern of
 * taskColumnSql.ts, never from raw request text.
 */

/**
 * The index's column list for a project's tasks ordered by these data keys, e.g.
 * `project, json_extract(data, '$."category"'), id`: the text stored in data_key_indexes.
 */
export function dataKeyIndexDefinition(columns: readonly DataKeyColumn[]): string {
  return ['project', ...columns.map(dataKeyIndexExpression), 'id'].join(', ');
}

export interface DataKeyIndexRow {
  name: string;
  definition: string;
  created_at: string;
}

/** The listed indexes that exist (a later schema change that rebuilt `tasks` would have dropped them), oldest first. */
export function listDataKeyIndexes(db: Db): DataKeyIndexRow[] {
  return statement(
    db,
    `SELECT d.name, d.definition, d.created_at FROM data_key_indexes d
     WHERE EXISTS (SELECT 1 FROM sqlite_master m WHERE m.type = 'index' AND m.name = d.name)
     ORDER BY d.created_at, d.name`,
  ).all() as DataKeyIndexRow[];
}

function indexExists(db: Db, name: string): boolean {
  return statement(db, "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(name) !== undefined;
}

const INDEX_NAME = /^tasks_dk_[0-9a-f]{16}$/;

function checkName(name: string): void {
  if (!INDEX_NAME.test(name)) throw new Error(`Not a data-key index name: ${name}`);
}

/** `definition` comes from dataKeyIndexDefinition; the index is named after it. */
export function createDataKeyIndex(db: Db, definition: string, now: string): void {
  const name = `tasks_dk_${createHash('sha1').update(definition).digest('hex').slice(0, 16)}`;
  db.transaction(() => {
    if (!indexExists(db, name)) db.exec(`CREATE INDEX "${name}" ON tasks (${definition})`);
    statement(db, 'INSERT OR REPLACE INTO data_key_indexes (name, definition, created_at) VALUES (?, ?, ?)').run(
      name,
      definition,
      now,
    );
  })();
}

export function dropDataKeyIndex(db: Db, name: string): void {
  checkName(name);
  db.transaction(() => {
    db.exec(`DROP INDEX IF EXISTS "${name}"`);
    statement(db, 'DELETE FROM data_key_indexes WHERE name = ?').run(name);
  })();
}

import type { Db } from '../../electron/core/db/open.js';

/** The schema as SQLite stores it, in a stable order: what test/fixtures/schema.sql holds. */
export function dumpSchema(db: Db): string {
  const rows = db
    .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type, name")
    .all() as { sql: string }[];
  return `${rows.map((row) => `${row.sql};`).join('\n\n')}\n`;
}

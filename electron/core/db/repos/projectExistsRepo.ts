import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** Whether a project row exists; for use cases that only need the project to be there. */
export function projectExists(db: Db, id: number): boolean {
  return statement(db, 'SELECT 1 FROM projects WHERE id = ?').get(id) !== undefined;
}

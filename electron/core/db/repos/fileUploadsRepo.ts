import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** A `file_uploads` row: `file` is the stored name, `upload/<project>/<8 hex>-<name>`. */
export interface FileUploadRow {
  id: number;
  project: number;
  user: number | null;
  file: string;
  size: number;
  created_at: string;
}

const SELECT = 'SELECT id, project, user, file, size, created_at FROM file_uploads';

export function insertFileUploadRow(db: Db, row: Omit<FileUploadRow, 'id'>): number {
  return Number(
    statement(db, 'INSERT INTO file_uploads (project, user, file, size, created_at) VALUES (?, ?, ?, ?, ?)').run(
      row.project,
      row.user,
      row.file,
      row.size,
      row.created_at,
    ).lastInsertRowid,
  );
}

export function findFileUploadById(db: Db, id: number): FileUploadRow | undefined {
  return statement(db, `${SELECT} WHERE id = ?`).get(id) as FileUploadRow | undefined;
}

/** Label Studio's `FileUpload.objects.filter(file=...).last()`: the newest upload with that name. */
export function findFileUploadByFile(db: Db, file: string): FileUploadRow | undefined {
  return statement(db, `${SELECT} WHERE file = ? ORDER BY id DESC LIMIT 1`).get(file) as FileUploadRow | undefined;
}

/** A project's uploads, optionally only some ids and one user's, in id order (ids travel as JSON). */
export function listFileUploadRows(
  db: Db,
  filter: { project: number; user: number | null; ids: readonly number[] | null },
): FileUploadRow[] {
  return statement(
    db,
    `${SELECT} WHERE project = @project
       AND (@user IS NULL OR user = @user)
       AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))
     ORDER BY id`,
  ).all({
    project: filter.project,
    user: filter.user,
    ids: filter.ids === null ? null : JSON.stringify(filter.ids),
  }) as FileUploadRow[];
}

/** Deletes a project's uploads (all, or the given ids); tasks keep their data and lose the link. */
export function deleteFileUploadRows(db: Db, project: number, ids: readonly number[] | null): number {
  return statement(
    db,
    'DELETE FROM file_uploads WHERE project = @project AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))',
  ).run({ project, ids: ids === null ? null : JSON.stringify(ids) }).changes;
}

export function deleteFileUploadRow(db: Db, id: number): boolean {
  return statement(db, 'DELETE FROM file_uploads WHERE id = ?').run(id).changes > 0;
}

export function updateFileUploadFile(db: Db, id: number, file: string, size: number): void {
  statement(db, 'UPDATE file_uploads SET file = ?, size = ? WHERE id = ?').run(file, size, id);
}

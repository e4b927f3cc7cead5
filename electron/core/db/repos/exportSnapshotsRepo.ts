import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** An `export_snapshots` row; `counters` and the three option columns are JSON text. */
export interface ExportSnapshotRow {
  id: number;
  project: number;
  title: string;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
  status: string;
  md5: string;
  counters: string;
  /** The file's path relative to the exports folder (`<project>/<name>.json`), once written. */
  file: string | null;
  task_filter_options: string;
  annotation_filter_options: string;
  serialization_options: string;
}

/** An `export_converted_formats` row. */
export interface ConvertedFormatRow {
  id: number;
  export: number;
  export_type: string;
  status: string;
  file: string | null;
  traceback: string | null;
}

type SnapshotColumns = Omit<ExportSnapshotRow, 'id'>;

export function insertSnapshotRow(
  db: Db,
  values: Pick<SnapshotColumns, 'project' | 'title' | 'created_by' | 'created_at' | 'status'> &
    Partial<SnapshotColumns>,
): number {
  const columns = Object.keys(values) as (keyof SnapshotColumns)[];
  const sql = `INSERT INTO export_snapshots (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return Number(db.prepare(sql).run(values).lastInsertRowid);
}

const SNAPSHOT_COLUMNS: readonly (keyof SnapshotColumns)[] = [
  'title', 'finished_at', 'status', 'md5', 'counters', 'file', 'task_filter_options', 'annotation_filter_options',
  'serialization_options',
]; // prettier-ignore

export function updateSnapshotRow(db: Db, id: number, values: Partial<SnapshotColumns>): void {
  const columns = SNAPSHOT_COLUMNS.filter((column) => values[column] !== undefined);
  if (columns.length === 0) return;
  const sql = `UPDATE export_snapshots SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
  db.prepare(sql).run({ ...Object.fromEntries(columns.map((c) => [c, values[c]])), id });
}

export function findSnapshotRow(db: Db, project: number, id: number): ExportSnapshotRow | undefined {
  return statement(db, 'SELECT * FROM export_snapshots WHERE project = ? AND id = ?').get(project, id) as
    ExportSnapshotRow | undefined;
}

/** Newest first. */
export function listSnapshotRows(db: Db, project: number, limit: number): ExportSnapshotRow[] {
  return statement(
    db,
    'SELECT * FROM export_snapshots WHERE project = ? ORDER BY created_at DESC, id DESC LIMIT ?',
  ).all(project, limit) as ExportSnapshotRow[];
}

export function deleteSnapshotRow(db: Db, id: number): void {
  statement(db, 'DELETE FROM export_snapshots WHERE id = ?').run(id);
}

/** The converted formats of several snapshots, by snapshot then id. */
export function listConvertedFormatRows(db: Db, exportIds: readonly number[]): ConvertedFormatRow[] {
  if (exportIds.length === 0) return [];
  return statement(
    db,
    'SELECT * FROM export_converted_formats WHERE export IN (SELECT value FROM json_each(?)) ORDER BY export, id',
  ).all(JSON.stringify(exportIds)) as ConvertedFormatRow[];
}

/** Creates the conversion record, or returns null when one exists for this type (get_or_create). */
export function insertConvertedFormatRow(db: Db, exportId: number, exportType: string): number | null {
  const result = statement(
    db,
    "INSERT OR IGNORE INTO export_converted_formats (export, export_type, status) VALUES (?, ?, 'created')",
  ).run(exportId, exportType);
  return result.changes === 0 ? null : Number(result.lastInsertRowid);
}

export function updateConvertedFormatRow(
  db: Db,
  id: number,
  values: { status: string; file?: string | null; traceback?: string | null },
): void {
  statement(
    db,
    'UPDATE export_converted_formats SET status = ?, file = coalesce(?, file), traceback = ? WHERE id = ?',
  ).run(values.status, values.file ?? null, values.traceback ?? null, id);
}

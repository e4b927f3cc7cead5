import type { Db } from '../open.js';
import { statement } from '../statement.js';

/* The `storages` table and its links (migration 0010): import and export storages of projects. */

export interface StorageRow {
  id: number;
  project: number;
  direction: 'import' | 'export';
  type: string;
  title: string | null;
  description: string | null;
  created_at: string;
  synchronizable: number;
  last_sync: string | null;
  last_sync_count: number | null;
  last_sync_job: string | null;
  status: string;
  traceback: string | null;
  /** JSON text. */
  meta: string;
  regex_filter: string | null;
  use_blob_urls: number | null;
  recursive_scan: number | null;
  can_delete_objects: number | null;
  /** JSON object text: the type's own non-secret fields. */
  settings: string;
  /** JSON list text: the names of the secrets that are set. */
  secrets_set: string;
}

export type StorageColumns = Omit<StorageRow, 'id'>;

// prettier-ignore
const CHANGEABLE = [
  'title', 'description', 'synchronizable', 'last_sync', 'last_sync_count', 'last_sync_job', 'status', 'traceback',
  'meta', 'regex_filter', 'use_blob_urls', 'recursive_scan', 'can_delete_objects', 'settings', 'secrets_set',
] as const satisfies readonly (keyof StorageColumns)[];

export type StorageChanges = Partial<Pick<StorageColumns, (typeof CHANGEABLE)[number]>>;

export function findStorage(db: Db, id: number): StorageRow | undefined {
  return statement(db, 'SELECT * FROM storages WHERE id = ?').get(id) as StorageRow | undefined;
}

/** A project's storages of one direction, of one type or all (`type` null), in creation order. */
export function listStorageRows(
  db: Db,
  filter: { project: number | null; direction: 'import' | 'export'; type: string | null },
): StorageRow[] {
  return statement(
    db,
    `SELECT * FROM storages WHERE direction = @direction AND (@type IS NULL OR type = @type)
       AND (@project IS NULL OR project = @project) ORDER BY id`,
  ).all(filter) as StorageRow[];
}

export function insertStorageRow(db: Db, row: StorageColumns): number {
  const columns = Object.keys(row) as (keyof StorageColumns)[];
  const sql = `INSERT INTO storages (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return Number(statement(db, sql).run(row).lastInsertRowid);
}

/** Sets the given columns; names come from CHANGEABLE, never from a request. */
export function updateStorageRow(db: Db, id: number, changes: StorageChanges): void {
  const columns = CHANGEABLE.filter((column) => column in changes);
  if (columns.length === 0) return;
  const assignments = columns.map((column) => `${column} = @${column}`).join(', ');
  statement(db, `UPDATE storages SET ${assignments} WHERE id = @id`).run({ ...changes, id });
}

export function deleteStorageRow(db: Db, id: number): void {
  statement(db, 'DELETE FROM storages WHERE id = ?').run(id);
}

// ---- import links ----

/** The keys among `keys` this storage already turned into tasks. */
export function listLinkedKeys(db: Db, storage: number, keys: readonly string[]): Set<string> {
  if (keys.length === 0) return new Set();
  const rows = statement(
    db,
    'SELECT DISTINCT key FROM storage_import_links WHERE storage = ? AND key IN (SELECT value FROM json_each(?))',
  )
    .pluck()
    .all(storage, JSON.stringify(keys)) as string[];
  return new Set(rows);
}

/** How many tasks these keys became (a JSON object may hold several). */
export function countLinksOfKeys(db: Db, storage: number, keys: readonly string[]): number {
  if (keys.length === 0) return 0;
  return statement(
    db,
    'SELECT count(*) FROM storage_import_links WHERE storage = ? AND key IN (SELECT value FROM json_each(?))',
  )
    .pluck()
    .get(storage, JSON.stringify(keys)) as number;
}

export function insertImportLink(
  db: Db,
  link: { storage: number; task: number; key: string; row_index: number | null; created_at: string },
): void {
  statement(
    db,
    `INSERT INTO storage_import_links (storage, task, key, row_index, created_at)
     VALUES (@storage, @task, @key, @row_index, @created_at)`,
  ).run(link);
}

/** The storage key a task was imported from (the Data Manager's `storage_filename`). */
export function findImportLinkOfTask(db: Db, task: number): { storage: number; key: string } | undefined {
  return statement(db, 'SELECT storage, key FROM storage_import_links WHERE task = ?').get(task) as
    { storage: number; key: string } | undefined;
}

// ---- staging of a running import sync ----

export function stageObject(
  db: Db,
  row: { storage: number; key: string; row_index: number | null; task: string },
): void {
  statement(
    db,
    'INSERT INTO storage_sync_staging (storage, key, row_index, task) VALUES (@storage, @key, @row_index, @task)',
  ).run(row);
}

export interface StagedObject {
  id: number;
  key: string;
  row_index: number | null;
  task: string;
}

export function countStaged(db: Db, storage: number): number {
  return statement(db, 'SELECT count(*) FROM storage_sync_staging WHERE storage = ?').pluck().get(storage) as number;
}

export function listStaged(db: Db, storage: number, afterId: number, limit: number): StagedObject[] {
  return statement(
    db,
    'SELECT id, key, row_index, task FROM storage_sync_staging WHERE storage = ? AND id > ? ORDER BY id LIMIT ?',
  ).all(storage, afterId, limit) as StagedObject[];
}

export function clearStaged(db: Db, storage: number): void {
  statement(db, 'DELETE FROM storage_sync_staging WHERE storage = ?').run(storage);
}

// ---- export links ----

export function upsertExportLink(db: Db, storage: number, annotation: number, now: string): void {
  statement(
    db,
    `INSERT INTO storage_export_links (storage, annotation, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (storage, annotation) DO UPDATE SET updated_at = excluded.updated_at`,
  ).run(storage, annotation, now, now);
}

export function deleteExportLink(db: Db, storage: number, annotation: number): void {
  statement(db, 'DELETE FROM storage_export_links WHERE storage = ? AND annotation = ?').run(storage, annotation);
}

/** The export storages holding an object for this annotation. */
export function listExportLinksOfAnnotation(db: Db, annotation: number): number[] {
  return statement(db, 'SELECT storage FROM storage_export_links WHERE annotation = ? ORDER BY storage')
    .pluck()
    .all(annotation) as number[];
}

/** A page of the project's annotation ids (every annotation, skipped ones too), for an export sync. */
export function listProjectAnnotationIds(db: Db, project: number, afterId: number, limit: number): number[] {
  return statement(db, 'SELECT id FROM annotations WHERE project = ? AND id > ? ORDER BY id LIMIT ?')
    .pluck()
    .all(project, afterId, limit) as number[];
}

import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * Reading and closing the conflicts a pull records (sync_conflicts, migration 0006), and the
 * few mapping and outbox writes their resolutions need beyond the journal's.
 */

export interface SyncConflictRow {
  id: number;
  remote: number;
  project: number;
  task: number;
  local_annotation: number | null;
  mirror_annotation: number | null;
  remote_annotation_id: number | null;
  kind: string;
  created_at: string;
  resolved_at: string | null;
  resolution: string | null;
  /** JSON of the clashing regions of a region-level conflict; null otherwise. */
  regions: string | null;
}

export interface ConflictFilter {
  project?: number;
  /** true: only resolved ones; false: only open ones; undefined: both. */
  resolved?: boolean;
}

export function findSyncConflict(db: Db, id: number): SyncConflictRow | undefined {
  return statement(db, 'SELECT * FROM sync_conflicts WHERE id = ?').get(id) as SyncConflictRow | undefined;
}

/** Open ones oldest first, then resolved ones newest first: the order a reviewer works in. */
export function listSyncConflicts(db: Db, filter: ConflictFilter): SyncConflictRow[] {
  const resolved = filter.resolved === undefined ? null : Number(filter.resolved);
  return statement(
    db,
    `SELECT * FROM sync_conflicts
     WHERE (@project IS NULL OR project = @project)
       AND (@resolved IS NULL OR (resolved_at IS NOT NULL) = @resolved)
     ORDER BY resolved_at IS NOT NULL, CASE WHEN resolved_at IS NULL THEN id ELSE -id END`,
  ).all({ project: filter.project ?? null, resolved }) as SyncConflictRow[];
}

/** How many open conflicts each project has (projects with none are absent). */
export function countOpenConflictsByProject(db: Db): { project: number; open: number }[] {
  return statement(
    db,
    'SELECT project, count(*) AS open FROM sync_conflicts WHERE resolved_at IS NULL GROUP BY project ORDER BY project',
  ).all() as { project: number; open: number }[];
}

/** Closes an open conflict; false when it was already closed. */
export function markConflictResolved(db: Db, id: number, resolution: string, now: string): boolean {
  return (
    statement(db, 'UPDATE sync_conflicts SET resolved_at = ?, resolution = ? WHERE id = ? AND resolved_at IS NULL').run(
      now,
      resolution,
      id,
    ).changes === 1
  );
}

/** An annotation as a conflict shows it, with its author's names. */
export interface ConflictAnnotationRow {
  id: number;
  result: string;
  was_cancelled: number;
  updated_at: string;
  completed_by: number | null;
  author_email: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
}

export function findConflictAnnotation(db: Db, id: number): ConflictAnnotationRow | undefined {
  return statement(
    db,
    `SELECT a.id, a.result, a.was_cancelled, a.updated_at, a.completed_by, u.email AS author_email,
       u.first_name AS author_first_name, u.last_name AS author_last_name
     FROM annotations a LEFT JOIN users u ON u.id = a.completed_by WHERE a.id = ?`,
  ).get(id) as ConflictAnnotationRow | undefined;
}

export function readTaskData(db: Db, task: number): string | undefined {
  return statement(db, 'SELECT data FROM tasks WHERE id = ?').pluck().get(task) as string | undefined;
}

/** Gives an annotation a new client id (a copy about to be posted must not reuse its twin's). */
export function setAnnotationUniqueId(db: Db, annotation: number, uniqueId: string): void {
  statement(db, 'UPDATE annotations SET unique_id = ? WHERE id = ?').run(uniqueId, annotation);
}

/** Whether the annotation has a pending create (it will be posted as a new remote annotation). */
export function hasPendingCreate(db: Db, annotation: number): boolean {
  return (
    statement(
      db,
      "SELECT 1 FROM sync_outbox WHERE annotation = ? AND kind = 'annotation_create' AND done_at IS NULL",
    ).get(annotation) !== undefined
  );
}

/** Closes every pending outbox row of a task, saying why; returns how many. */
export function supersedeOutboxOfTask(db: Db, remote: number, task: number, reason: string, now: string): number {
  return statement(
    db,
    'UPDATE sync_outbox SET done_at = ?, last_error = ? WHERE remote = ? AND task = ? AND done_at IS NULL',
  ).run(now, reason, remote, task).changes;
}

/** Forgets a task's remote twin and those of its annotations (all gone from the remote). */
export function unlinkTaskFromRemote(db: Db, task: number): void {
  statement(db, 'DELETE FROM remote_annotations WHERE annotation IN (SELECT id FROM annotations WHERE task = ?)').run(
    task,
  );
  statement(db, 'DELETE FROM remote_predictions WHERE prediction IN (SELECT id FROM predictions WHERE task = ?)').run(
    task,
  );
  statement(db, 'DELETE FROM remote_tasks WHERE task = ?').run(task);
}

export function listAnnotationIdsOfTask(db: Db, task: number): number[] {
  return statement(db, 'SELECT id FROM annotations WHERE task = ? ORDER BY id').pluck().all(task) as number[];
}

import type { Db } from '../open.js';
import { statement } from '../statement.js';
import type { SyncConflictRow } from './syncConflictsRepo.js';

/*
 * What a pull reads and writes besides the mirrored rows themselves: the outbox rows it must
 * respect or supersede, and the conflicts it records (migration 0006).
 */

/** Marks the pending outbox rows of a local annotation done, saying why; returns how many. */
export function supersedeOutboxOfAnnotation(db: Db, annotation: number, reason: string, now: string): number {
  return statement(
    db,
    'UPDATE sync_outbox SET done_at = ?, last_error = ? WHERE annotation = ? AND done_at IS NULL',
  ).run(now, reason, annotation).changes;
}

/** The pending local deletions of a remote annotation (the local row and its mapping are gone). */
export function listPendingRemoteDeletes(
  db: Db,
  remote: number,
  task: number,
): { id: number; remote_annotation_id: number }[] {
  return statement(
    db,
    `SELECT id, remote_annotation_id FROM sync_outbox
     WHERE remote = ? AND task = ? AND kind = 'annotation_delete' AND done_at IS NULL AND remote_annotation_id IS NOT NULL`,
  ).all(remote, task) as { id: number; remote_annotation_id: number }[];
}

export function supersedeOutboxRow(db: Db, id: number, reason: string, now: string): void {
  statement(db, 'UPDATE sync_outbox SET done_at = ?, last_error = ? WHERE id = ? AND done_at IS NULL').run(
    now,
    reason,
    id,
  );
}

export interface OutboxCreate {
  remote: number;
  project: number;
  task: number;
  annotation: number;
  unique_id: string;
  created_at: string;
}

/** Queues a local annotation to be posted as a new remote annotation (edited here, deleted there). */
export function insertOutboxCreate(db: Db, row: OutboxCreate): void {
  statement(
    db,
    `INSERT INTO sync_outbox (remote, project, task, kind, annotation, unique_id, created_at)
     VALUES (@remote, @project, @task, 'annotation_create', @annotation, @unique_id, @created_at)`,
  ).run(row);
}

/** A new `sync_conflicts` row: open, so no resolution yet. */
export type SyncConflictInsert = Omit<SyncConflictRow, 'id' | 'resolved_at' | 'resolution' | 'regions'> & {
  regions?: string | null;
};

export function insertSyncConflict(db: Db, row: SyncConflictInsert): number {
  return Number(
    statement(
      db,
      `INSERT INTO sync_conflicts (remote, project, task, local_annotation, mirror_annotation, remote_annotation_id, kind, created_at, regions)
       VALUES (@remote, @project, @task, @local_annotation, @mirror_annotation, @remote_annotation_id, @kind, @created_at, @regions)`,
    ).run({ ...row, regions: row.regions ?? null }).lastInsertRowid,
  );
}

export function hasOpenConflict(db: Db, task: number, kind: string): boolean {
  return (
    statement(db, 'SELECT 1 FROM sync_conflicts WHERE task = ? AND kind = ? AND resolved_at IS NULL').get(
      task,
      kind,
    ) !== undefined
  );
}

/**
 * Whether a task holds local work not yet on the remote: pending outbox rows, or annotations
 * with no remote twin (created here, or kept here after a conflict). A queued prediction push is
 * not such work: a model's output can be made again, so it never keeps a task the remote deleted.
 */
export function hasUnpushedWork(db: Db, remote: number, task: number): boolean {
  const pending = statement(
    db,
    "SELECT 1 FROM sync_outbox WHERE remote = ? AND task = ? AND done_at IS NULL AND kind != 'prediction_create'",
  ).get(remote, task);
  if (pending !== undefined) return true;
  return (
    statement(
      db,
      `SELECT 1 FROM annotations a WHERE a.task = ?
       AND NOT EXISTS (SELECT 1 FROM remote_annotations ra WHERE ra.annotation = a.id)`,
    ).get(task) !== undefined
  );
}

/*
 * Writes of nullable columns that the generic column writers skip when a value is null: a
 * remote may clear them, and the mirror must follow.
 */

export function setTaskAllowSkip(db: Db, task: number, allowSkip: number | null): void {
  statement(db, 'UPDATE tasks SET allow_skip = ? WHERE id = ?').run(allowSkip, task);
}

export interface AnnotationNullables {
  completed_by: number | null;
  updated_by: number | null;
  lead_time: number | null;
  draft_created_at: string | null;
  import_id: number | null;
  last_action: string | null;
  last_created_by: number | null;
  parent_prediction: number | null;
  parent_annotation: number | null;
}

export function setAnnotationNullables(db: Db, annotation: number, values: AnnotationNullables): void {
  statement(
    db,
    `UPDATE annotations SET completed_by = @completed_by, updated_by = @updated_by, lead_time = @lead_time,
       draft_created_at = @draft_created_at, import_id = @import_id, last_action = @last_action,
       last_created_by = @last_created_by, parent_prediction = @parent_prediction,
       parent_annotation = @parent_annotation WHERE id = @id`,
  ).run({ ...values, id: annotation });
}

export function setPredictionNullables(
  db: Db,
  prediction: number,
  values: { score: number | null; cluster: number | null; neighbors: string | null },
): void {
  statement(db, 'UPDATE predictions SET score = @score, cluster = @cluster, neighbors = @neighbors WHERE id = @id').run(
    { ...values, id: prediction },
  );
}

/**
 * Whether `annotation` is a local annotation of `task` waiting to be posted (a pending
 * annotation_create) and not linked to any remote twin yet.
 */
export function isUnlinkedPendingCreate(db: Db, remote: number, task: number, annotation: number): boolean {
  return (
    statement(
      db,
      `SELECT 1 FROM annotations a
       JOIN sync_outbox o ON o.annotation = a.id AND o.remote = ? AND o.kind = 'annotation_create' AND o.done_at IS NULL
       WHERE a.id = ? AND a.task = ? AND NOT EXISTS (SELECT 1 FROM remote_annotations ra WHERE ra.annotation = a.id)`,
    ).get(remote, annotation, task) !== undefined
  );
}

import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The outbox of local changes to push (sync_outbox, migrations 0006 and 0009). Rows are written
 * by the domain's journal in the same transaction as the change, and closed by the push in the
 * same transaction as the mapping it learns.
 */

export type OutboxKind =
  | 'annotation_create'
  | 'annotation_update'
  | 'annotation_delete'
  | 'task_create'
  /** Only ever journaled on request (a push of predictions made here): see domain/sync/queuePredictionPush. */
  | 'prediction_create';

export interface OutboxRow {
  id: number;
  remote: number;
  project: number;
  task: number;
  kind: OutboxKind;
  annotation: number | null;
  remote_annotation_id: number | null;
  unique_id: string | null;
  base: string | null;
  created_at: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  done_at: string | null;
  /** The local prediction of a prediction_create. */
  prediction: number | null;
}

export type NewOutboxRow = Pick<OutboxRow, 'remote' | 'project' | 'task' | 'kind' | 'created_at'> &
  Partial<Pick<OutboxRow, 'annotation' | 'remote_annotation_id' | 'unique_id' | 'base' | 'prediction'>>;

export function insertOutboxRow(db: Db, row: NewOutboxRow): number {
  const result = statement(
    db,
    `INSERT INTO sync_outbox (remote, project, task, kind, annotation, remote_annotation_id, unique_id, base, prediction, created_at)
     VALUES (@remote, @project, @task, @kind, @annotation, @remote_annotation_id, @unique_id, @base, @prediction, @created_at)`,
  ).run({ annotation: null, remote_annotation_id: null, unique_id: null, base: null, prediction: null, ...row });
  return Number(result.lastInsertRowid);
}

export function findOutboxRow(db: Db, id: number): OutboxRow | undefined {
  return statement(db, 'SELECT * FROM sync_outbox WHERE id = ?').get(id) as OutboxRow | undefined;
}

/** The pending rows of one local annotation, oldest first. */
export function listPendingOfAnnotation(db: Db, annotation: number): OutboxRow[] {
  return statement(db, 'SELECT * FROM sync_outbox WHERE annotation = ? AND done_at IS NULL ORDER BY id').all(
    annotation,
  ) as OutboxRow[];
}

/** What a push works through: the remote's pending rows, per task in the order they were written. */
export function listPendingOfRemote(db: Db, remote: number): OutboxRow[] {
  return statement(db, 'SELECT * FROM sync_outbox WHERE remote = ? AND done_at IS NULL ORDER BY task, id').all(
    remote,
  ) as OutboxRow[];
}

export function listOutboxOfRemote(db: Db, remote: number): OutboxRow[] {
  return statement(db, 'SELECT * FROM sync_outbox WHERE remote = ? ORDER BY id').all(remote) as OutboxRow[];
}

/**
 * Closes a row; `note` says why when it closed without being pushed (null: pushed, and any
 * earlier failure is cleared). A row whose local
 * annotation is gone forgets it (ids can be reused once a row is deleted).
 */
export function markOutboxDone(db: Db, id: number, now: string, note: string | null = null): void {
  statement(db, 'UPDATE sync_outbox SET done_at = ?, last_error = ?, next_attempt_at = NULL WHERE id = ?').run(
    now,
    note,
    id,
  );
}

export function forgetOutboxAnnotation(db: Db, id: number): void {
  statement(db, 'UPDATE sync_outbox SET annotation = NULL WHERE id = ?').run(id);
}

/** Counted before a row's request goes out, so a journal can tell that a create may have landed. */
export function beginOutboxAttempt(db: Db, id: number): void {
  statement(db, 'UPDATE sync_outbox SET attempts = attempts + 1 WHERE id = ?').run(id);
}

/** Takes back an attempt marked ahead whose request never left (push/attemptMarks.ts). */
export function undoOutboxAttempt(db: Db, id: number): void {
  statement(db, 'UPDATE sync_outbox SET attempts = attempts - 1 WHERE id = ? AND attempts > 0').run(id);
}

/** A failure that leaves the row pending: why, and when trying again is worth it (null: next run). */
export function recordOutboxFailure(db: Db, id: number, error: string, nextAttemptAt: string | null): void {
  statement(db, 'UPDATE sync_outbox SET last_error = ?, next_attempt_at = ? WHERE id = ?').run(
    error,
    nextAttemptAt,
    id,
  );
}

/** Drops a row that never left this machine (nothing was sent for it). */
export function deleteOutboxRow(db: Db, id: number): void {
  statement(db, 'DELETE FROM sync_outbox WHERE id = ?').run(id);
}

/** An annotation as the journal needs it: where it is, its client id, and its version. */
export interface JournalAnnotation {
  id: number;
  task: number;
  project: number;
  unique_id: string;
  result: string;
  was_cancelled: number;
  ground_truth: number;
}

export function readJournalAnnotation(db: Db, id: number): JournalAnnotation | undefined {
  return statement(
    db,
    'SELECT id, task, project, unique_id, result, was_cancelled, ground_truth FROM annotations WHERE id = ?',
  ).get(id) as JournalAnnotation | undefined;
}

export function listJournalAnnotationsOfTasks(db: Db, taskIds: readonly number[]): JournalAnnotation[] {
  return statement(
    db,
    `SELECT id, task, project, unique_id, result, was_cancelled, ground_truth FROM annotations
     WHERE task IN (SELECT value FROM json_each(?)) ORDER BY id`,
  ).all(JSON.stringify(taskIds)) as JournalAnnotation[];
}

export function listTaskIdsOfProject(db: Db, project: number): number[] {
  return statement(db, 'SELECT id FROM tasks WHERE project = ? ORDER BY id').pluck().all(project) as number[];
}

/** The remote a local project mirrors, if it is a mirror. */
export function findRemoteOfProject(db: Db, project: number): number | undefined {
  return statement(db, 'SELECT remote FROM remote_projects WHERE project = ?').pluck().get(project) as
    number | undefined;
}

import type { Db } from '../open.js';
import { statement } from '../statement.js';

/* The `sync_runs` table: one row per sync run, its phase as it goes and its outcome. */

export type SyncRunStatus = 'running' | 'completed' | 'failed' | 'cancelled';

export interface SyncRunRow {
  id: number;
  remote: number;
  started_at: string;
  finished_at: string | null;
  status: SyncRunStatus;
  phase: string | null;
  /** JSON text. */
  stats: string;
  /** JSON text. */
  errors: string;
}

export function insertSyncRun(db: Db, remote: number, startedAt: string): number {
  const result = statement(
    db,
    "INSERT INTO sync_runs (remote, started_at, status, phase) VALUES (?, ?, 'running', 'connect')",
  ).run(remote, startedAt);
  return Number(result.lastInsertRowid);
}

export function findSyncRun(db: Db, id: number): SyncRunRow | undefined {
  return statement(db, 'SELECT * FROM sync_runs WHERE id = ?').get(id) as SyncRunRow | undefined;
}

/** Newest first. */
export function listSyncRuns(db: Db, remote: number, limit: number): SyncRunRow[] {
  return statement(db, 'SELECT * FROM sync_runs WHERE remote = ? ORDER BY id DESC LIMIT ?').all(
    remote,
    limit,
  ) as SyncRunRow[];
}

export function findLatestSyncRun(db: Db, remote: number): SyncRunRow | undefined {
  return statement(db, 'SELECT * FROM sync_runs WHERE remote = ? ORDER BY id DESC LIMIT 1').get(remote) as
    SyncRunRow | undefined;
}

export function listRunningSyncRuns(db: Db, remote: number): SyncRunRow[] {
  return statement(db, "SELECT * FROM sync_runs WHERE remote = ? AND status = 'running' ORDER BY id").all(
    remote,
  ) as SyncRunRow[];
}

export function updateSyncRunPhase(db: Db, id: number, phase: string): void {
  statement(db, 'UPDATE sync_runs SET phase = ? WHERE id = ?').run(phase, id);
}

/** Writes the counts and errors so far, so a crash mid-run still leaves what was done. */
export function updateSyncRunProgress(db: Db, id: number, stats: string, errors: string): void {
  statement(db, 'UPDATE sync_runs SET stats = ?, errors = ? WHERE id = ?').run(stats, errors, id);
}

export function finishSyncRun(
  db: Db,
  id: number,
  outcome: { status: Exclude<SyncRunStatus, 'running'>; finished_at: string; stats: string; errors: string },
): void {
  statement(
    db,
    'UPDATE sync_runs SET status = @status, finished_at = @finished_at, stats = @stats, errors = @errors WHERE id = @id',
  ).run({ ...outcome, id });
}

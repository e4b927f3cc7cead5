import type { Db } from '../../db/open.js';
import { updateMirrorProject } from '../../db/repos/syncMirrorRepo.js';
import {
  findOutboxRow,
  listPendingOfRemote,
  recordOutboxFailure,
  type OutboxKind,
  type OutboxRow,
} from '../../db/repos/syncOutboxRepo.js';
import { formatTimestamp } from '../../domain/clock.js';
import { withRetry, type RetryOptions } from '../retry.js';
import { emptyPushStats, type PushStats, type SyncContext } from '../syncTypes.js';
import { pushAnnotationCreate } from './pushAnnotationCreate.js';
import { pushAnnotationDelete } from './pushAnnotationDelete.js';
import { pushAnnotationUpdate } from './pushAnnotationUpdate.js';
import { pushPredictionCreate } from './pushPredictionCreate.js';
import { markAttemptsAhead } from './attemptMarks.js';
import type { PushRun, PushStep } from './pushRun.js';
import { guardRemoteWrites } from './remoteWriteGuard.js';
import { pushTaskCreate } from './pushTaskCreate.js';

export interface PushedOutbox {
  stats: PushStats;
  conflicts: number;
}

export interface PushOptions {
  /** The retries of each remote call (default: withRetry's 5 tries with backoff). */
  retry?: Omit<RetryOptions, 'signal'>;
  /**
   * Rows that failed in an earlier run wait until their next_attempt_at (default true). A run
   * someone asked for (the CLI, "Sync now") passes false: it tries everything now, so that it
   * never reports "completed" while work it skipped is still waiting.
   */
  waitForBackoff?: boolean;
}

const STEPS: Record<OutboxKind, PushStep> = {
  task_create: pushTaskCreate,
  annotation_create: pushAnnotationCreate,
  annotation_update: pushAnnotationUpdate,
  annotation_delete: pushAnnotationDelete,
  prediction_create: pushPredictionCreate,
};

/** After a failure that outlived its retries: 30 s, doubling per attempt, at most 30 min. */
function nextAttemptAt(now: Date, attempts: number): string {
  const delay = Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
  return formatTimestamp(new Date(now.getTime() + delay));
}

function describe(row: OutboxRow): string {
  return row.kind === 'task_create' ? `task ${row.task}` : `${row.kind} of task ${row.task}`;
}

function touchProjects(db: Db, projects: Set<number>, now: string): void {
  db.transaction(() => {
    for (const project of projects) updateMirrorProject(db, project, { last_push_at: now });
  })();
}

/**
 * Pushes the remote's pending outbox rows, by task and, within a task, in the order they were
 * written. A row that cannot go now (waiting for the pull, or failed after its retries) holds
 * back the rest of its task for this run, unless it is a prediction's; other tasks go on. Each
 * step closes its row in the same transaction as the mapping it learns, so an interruption
 * anywhere leads to a retry that links instead of duplicating. Rows still backing off
 * (next_attempt_at ahead) wait for a later run, unless `waitForBackoff` is false. Every write
 * goes through remoteWriteGuard: nothing but annotations, tasks and predictions is sent.
 */
export async function pushOutbox(ctx: SyncContext, options: PushOptions = {}): Promise<PushedOutbox> {
  // The phase is runSync's to report; saying it here too printed "sync: push" twice.
  const run: PushRun = {
    ctx: { ...ctx, client: guardRemoteWrites(ctx.client) },
    retry: (operation) => withRetry(operation, { ...options.retry, signal: ctx.signal }),
    now: () => formatTimestamp(ctx.clock()),
  };
  const rows = listPendingOfRemote(ctx.db, ctx.remoteId);
  const stats = emptyPushStats();
  const heldBack = new Set<number>();
  const isBackingOff = (row: OutboxRow) =>
    options.waitForBackoff !== false && row.next_attempt_at !== null && row.next_attempt_at > run.now();
  const marks = markAttemptsAhead(ctx.db, rows, (row) => !heldBack.has(row.task) && !isBackingOff(row));
  // A row that cannot go now holds back the later rows of its task, which may build on it. A
  // prediction's row never does: nothing builds on it, and annotators' work must not wait
  // behind a model's output the remote refuses.
  const holdBack = (row: OutboxRow) => {
    if (row.kind === 'prediction_create') return;
    heldBack.add(row.task);
    marks.release(row.task);
  };
  const pushed = new Set<number>();
  /** Runs a row's step; `tried` counts this attempt. A failure leaves the row for a later run. */
  const attempt = async (row: OutboxRow, tried: OutboxRow) => {
    try {
      const outcome = await STEPS[row.kind](run, tried);
      if (outcome.status === 'waiting') {
        ctx.db.transaction(() => recordOutboxFailure(ctx.db, row.id, outcome.reason, null))();
        holdBack(row);
      } else {
        if (outcome.counted) stats[outcome.counted] = (stats[outcome.counted] ?? 0) + 1;
        pushed.add(row.project);
      }
    } catch (error) {
      if (ctx.signal?.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      ctx.db.transaction(() =>
        recordOutboxFailure(ctx.db, row.id, message, nextAttemptAt(ctx.clock(), tried.attempts)),
      )();
      ctx.progress.error(describe(row), message);
      holdBack(row);
    }
  };
  ctx.progress.items(0, rows.length);
  try {
    for (const [index, row] of rows.entries()) {
      if (ctx.signal?.aborted) break;
      // A row closed meanwhile (by a journal or an earlier step) is skipped.
      const current = heldBack.has(row.task) ? undefined : findOutboxRow(ctx.db, row.id);
      if (current && current.done_at === null) {
        if (isBackingOff(current)) holdBack(row);
        else await attempt(row, marks.take(index) ?? current);
      }
      ctx.progress.items(index + 1, rows.length);
    }
  } finally {
    marks.release();
  }
  touchProjects(ctx.db, pushed, run.now());
  return { stats, conflicts: 0 };
}

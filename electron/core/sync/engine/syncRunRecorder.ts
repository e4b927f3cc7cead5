import {
  finishSyncRun,
  insertSyncRun,
  listRunningSyncRuns,
  updateSyncRunPhase,
  updateSyncRunProgress,
  type SyncRunStatus,
} from '../../db/repos/syncRunsRepo.js';
import { formatTimestamp } from '../../domain/clock.js';
import type { DomainContext } from '../../domain/context.js';
import {
  emptyPullStats,
  emptyPushStats,
  type PullStats,
  type PushStats,
  type SyncPhase,
  type SyncProgress,
  type SyncSummary,
} from '../syncTypes.js';

/*
 * The bookkeeping of one run in `sync_runs`: the phase as it goes, the counts and errors saved
 * after each step (a crash leaves what was done), and the outcome. It also hands the steps a
 * SyncProgress that records per-item errors and passes everything on to the caller's reporter.
 */

export type FinishedStatus = Exclude<SyncRunStatus, 'running'>;

export interface SyncRunRecorder {
  readonly runId: number;
  readonly phase: SyncPhase;
  readonly errorCount: number;
  /** What the steps report to: recorded here, then passed on. */
  readonly progress: SyncProgress;
  addPulled(stats: PullStats, conflicts: number): void;
  addPushed(stats: PushStats, conflicts: number): void;
  /** Saves the counts and errors so far. */
  save(): void;
  finish(status: FinishedStatus): SyncSummary;
}

const silent: SyncProgress = { phase: () => undefined, items: () => undefined, error: () => undefined };

/** Adds counts key by key; a key only one side has (an optional count) starts from 0. */
function add<T extends object>(into: T, more: T): void {
  for (const key of Object.keys(more) as (keyof T)[]) {
    (into[key] as number) = ((into[key] as number | undefined) ?? 0) + (more[key] as number);
  }
}

export function startSyncRunRecord(
  ctx: DomainContext,
  remoteId: number,
  reporter: SyncProgress = silent,
): SyncRunRecorder {
  const now = () => formatTimestamp(ctx.clock());
  const summary: SyncSummary = { pulled: emptyPullStats(), pushed: emptyPushStats(), conflicts: 0, errors: [] };
  let phase: SyncPhase = 'connect';
  const runId = ctx.db.transaction(() => {
    // A run still marked running here was cut off (the process stopped): it is closed as failed.
    // The caller has checked that no run of this remote is alive in this process.
    for (const stale of listRunningSyncRuns(ctx.db, remoteId)) {
      const errors = [...(JSON.parse(stale.errors) as unknown[])];
      errors.push({
        phase: stale.phase ?? 'connect',
        item: 'run',
        message: 'interrupted: the process running it stopped',
      });
      finishSyncRun(ctx.db, stale.id, {
        status: 'failed',
        finished_at: now(),
        stats: stale.stats,
        errors: JSON.stringify(errors),
      });
    }
    return insertSyncRun(ctx.db, remoteId, now());
  })();

  const save = () => {
    const { errors, ...stats } = summary;
    updateSyncRunProgress(ctx.db, runId, JSON.stringify(stats), JSON.stringify(errors));
  };

  const progress: SyncProgress = {
    phase(next, detail) {
      if (next !== phase) {
        phase = next;
        updateSyncRunPhase(ctx.db, runId, next);
      }
      reporter.phase(next, detail);
    },
    items: (done, total, bytes) => reporter.items(done, total, bytes),
    error(item, message) {
      summary.errors.push({ phase, item, message });
      save();
      reporter.error(item, message);
    },
  };

  return {
    runId,
    get phase() {
      return phase;
    },
    get errorCount() {
      return summary.errors.length;
    },
    progress,
    addPulled(stats, conflicts) {
      add(summary.pulled, stats);
      summary.conflicts += conflicts;
      save();
    },
    addPushed(stats, conflicts) {
      add(summary.pushed, stats);
      summary.conflicts += conflicts;
      save();
    },
    save,
    finish(status) {
      const { errors, ...stats } = summary;
      finishSyncRun(ctx.db, runId, {
        status,
        finished_at: now(),
        stats: JSON.stringify(stats),
        errors: JSON.stringify(errors),
      });
      return summary;
    },
  };
}

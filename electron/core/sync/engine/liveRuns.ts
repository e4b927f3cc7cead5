import type { SyncRunProgress } from '../../../../shared/api/remotes.js';
import type { Db } from '../../db/open.js';
import { finishSyncRun, findSyncRun } from '../../db/repos/syncRunsRepo.js';
import { formatTimestamp } from '../../domain/clock.js';
import { ConflictError } from '../../domain/errors.js';
import { getRemoteRun, requireRemote } from '../../domain/remotes/remotes.js';
import type { SyncRunWire } from '../../domain/remotes/serializeRemote.js';
import { runSync, type SyncRunResult } from '../runSync.js';
import type { SyncProgress } from '../syncTypes.js';
import { createProgressRate } from './progressRate.js';
import type { SyncDeps } from './syncDeps.js';

/*
 * Runs started from the API go on in the background; this process keeps their abort handles, one
 * run per remote at a time. Keyed by database, so two apps in one process (tests) stay apart.
 */

interface LiveRun {
  runId: number;
  controller: AbortController;
  done: Promise<SyncRunResult | undefined>;
  /** Where the run is inside its current phase: kept in memory only, for the UI to show. */
  progress: SyncRunProgress;
}

const registries = new WeakMap<Db, Map<number, LiveRun>>();

function liveRunsOf(db: Db): Map<number, LiveRun> {
  let runs = registries.get(db);
  if (!runs) {
    runs = new Map();
    registries.set(db, runs);
  }
  return runs;
}

/** The run of this remote going on in this process, if any, and a promise of its end. */
export function findLiveSyncRun(
  deps: SyncDeps,
  remoteId: number,
): { runId: number; done: Promise<SyncRunResult | undefined> } | undefined {
  const live = liveRunsOf(deps.db).get(remoteId);
  return live && { runId: live.runId, done: live.done };
}

export function assertNoLiveRun(deps: SyncDeps, remoteId: number): void {
  const live = liveRunsOf(deps.db).get(remoteId);
  if (live) throw new ConflictError(`A sync of this remote is running (run ${live.runId}).`);
}

/**
 * Starts a run in the background. `waitForBackoff`: automatic runs (the scheduler) leave outbox
 * rows alone until their retry time; a run someone asked for tries every pending row now.
 */
export function startBackgroundSync(
  deps: SyncDeps,
  remoteId: number,
  projects?: number[],
  options: { waitForBackoff?: boolean } = {},
): SyncRunWire {
  return startBackgroundRun(deps, remoteId, (run) =>
    runSync(deps, remoteId, { projects, waitForBackoff: options.waitForBackoff ?? false, ...run }),
  );
}

/** What a background run is started with: its signal, where its progress goes, and where its id is told. */
export interface BackgroundRunHooks {
  signal: AbortSignal;
  progress: SyncProgress;
  onRunStarted: (runId: number) => void;
}

/**
 * Starts a run recorded in `sync_runs` (a sync, or a copy to this remote) in the background, one
 * per remote at a time. `start` must write its row before its first await.
 */
export function startBackgroundRun(
  deps: SyncDeps,
  remoteId: number,
  start: (hooks: BackgroundRunHooks) => Promise<SyncRunResult>,
): SyncRunWire {
  requireRemote(deps, remoteId);
  assertNoLiveRun(deps, remoteId);
  const controller = new AbortController();
  let runId: number | undefined;
  const progress: SyncRunProgress = { detail: null, done: 0, total: null, seconds_left: null };
  const rate = createProgressRate(deps.clock);
  const done = start({
    signal: controller.signal,
    progress: {
      phase(_phase, detail) {
        progress.detail = detail ?? null;
        progress.done = 0;
        progress.total = null;
        progress.seconds_left = null;
        rate.restart();
      },
      items(doneItems, total) {
        progress.done = doneItems;
        progress.total = total;
        progress.seconds_left = rate.secondsLeft(doneItems, total);
      },
      error: () => undefined,
    },
    onRunStarted: (id) => (runId = id),
  }).catch((error: unknown) => {
    // Runs record their own failures; what reaches here is the database itself failing.
    console.error(`outpost: sync run of remote ${remoteId} failed:`, error);
    return undefined;
  });
  // The run writes its row before its first await, so the id is known by now.
  if (runId === undefined) throw new Error('the sync run did not start');
  const runs = liveRunsOf(deps.db);
  runs.set(remoteId, { runId, controller, done, progress });
  void done.finally(() => {
    if (runs.get(remoteId)?.runId === runId) runs.delete(remoteId);
  });
  return getRemoteRun(deps, remoteId, runId);
}

/** A run as the API shows it: a running run of this process also says how far its phase is. */
export function withLiveProgress(db: Db, run: SyncRunWire): SyncRunWire {
  const live = liveRunsOf(db).get(run.remote);
  if (run.status !== 'running' || live?.runId !== run.id) return run;
  return { ...run, progress: { ...live.progress } };
}

/** Stops a run and waits until it has recorded itself as cancelled. Finished runs are returned as they are. */
export async function cancelSyncRun(deps: SyncDeps, remoteId: number, runId: number): Promise<SyncRunWire> {
  const run = getRemoteRun(deps, remoteId, runId);
  const live = liveRunsOf(deps.db).get(remoteId);
  if (live?.runId === runId) {
    live.controller.abort(new Error('cancelled'));
    await live.done;
  } else if (run.status === 'running') {
    // Marked running by a process that is gone: nothing to stop, only the record to close.
    const row = findSyncRun(deps.db, runId);
    if (row) {
      finishSyncRun(deps.db, runId, {
        status: 'cancelled',
        finished_at: formatTimestamp(deps.clock()),
        stats: row.stats,
        errors: row.errors,
      });
    }
  }
  return getRemoteRun(deps, remoteId, runId);
}

/** Cancels every run of this database and waits for them, e.g. before the database is closed. */
export async function cancelAllSyncRuns(db: Db): Promise<void> {
  const runs = [...liveRunsOf(db).values()];
  for (const run of runs) run.controller.abort(new Error('the server is stopping'));
  await Promise.all(runs.map((run) => run.done));
}

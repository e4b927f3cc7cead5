import { listRemoteRows, type RemoteRow } from '../db/repos/remotesRepo.js';
import { findLatestSyncRun } from '../db/repos/syncRunsRepo.js';
import { findLiveSyncRun, startBackgroundSync } from './engine/liveRuns.js';
import type { SyncDeps } from './engine/syncDeps.js';
import { systemTimers, type Timers } from '../domain/timers.js';
import { probeRemote } from './schedulerTimers.js';

/*
 * Periodic sync while `outpost serve` (and so the desktop app) runs. Every remote with
 * `sync_interval_minutes > 0` is synced (all its mirrored projects) that many minutes after its
 * last run started. When a run fails and the remote does not answer `/api/version`, it is taken
 * as offline: the version is polled with a growing delay and a sync starts as soon as it answers
 * (sync on reconnect). Runs go through the engine's background runs, so a run started from the
 * API and a scheduled one never overlap. The remotes table is read on every tick, so a changed
 * interval or a new remote takes effect without a restart.
 */

export interface SyncSchedulerOptions {
  /** How often the remotes are looked at (default 15 s). */
  tickMs?: number;
  /** The delays between polls of an offline remote: from `initialMs`, doubling up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
  /** Injected by tests (with `deps.clock`), so no test waits for real time. */
  timers?: Timers;
  /** Whether a remote answers (default: `GET <url>/api/version` answers 2xx). */
  probe?: (url: string) => Promise<boolean>;
  warn?: (line: string) => void;
}

export interface SyncScheduler {
  start(): void;
  /** No new checks or runs; runs going on are left to the engine (serve cancels them on close). */
  stop(): void;
  /** Resolves once no probe or run this scheduler started is going on (for tests). */
  idle(): Promise<void>;
}

interface Offline {
  delayMs: number;
  nextPollAt: number;
}

export function createSyncScheduler(deps: SyncDeps, options: SyncSchedulerOptions = {}): SyncScheduler {
  const tickMs = options.tickMs ?? 15_000;
  const backoff = options.backoff ?? { initialMs: 15_000, maxMs: 5 * 60_000 };
  const timers = options.timers ?? systemTimers;
  const probe = options.probe ?? ((url: string) => probeRemote(url, deps.fetch));
  const warn = options.warn ?? ((line: string) => console.error(line));
  const now = () => deps.clock().getTime();
  const offline = new Map<number, Offline>();
  /** Remotes with a probe or a run of ours under way. */
  const busy = new Set<number>();
  const inFlight = new Set<Promise<void>>();
  let startedAt = 0;
  let timer: unknown = null;
  let stopped = true;

  const track = (remoteId: number, work: () => Promise<void>) => {
    busy.add(remoteId);
    const promise = work()
      .catch((error: unknown) => warn(`outpost: scheduled sync of remote ${remoteId}: ${String(error)}`))
      .finally(() => {
        busy.delete(remoteId);
        inFlight.delete(promise);
      });
    inFlight.add(promise);
  };

  /** Starts a run and, when it fails with the remote gone, switches the remote to polling. */
  const runNow = async (remote: RemoteRow) => {
    offline.delete(remote.id);
    // The engine's guard: a run of this remote already going on (e.g. from the API) is left alone.
    if (findLiveSyncRun(deps, remote.id)) return;
    startBackgroundSync(deps, remote.id, undefined, { waitForBackoff: true });
    const result = await findLiveSyncRun(deps, remote.id)?.done;
    if (stopped || result?.status !== 'failed') return;
    if (!(await probe(remote.url)))
      offline.set(remote.id, { delayMs: backoff.initialMs, nextPollAt: now() + backoff.initialMs });
  };

  const pollNow = async (remote: RemoteRow, state: Offline) => {
    if (await probe(remote.url)) {
      if (!stopped) await runNow(remote);
      return;
    }
    const delayMs = Math.min(state.delayMs * 2, backoff.maxMs);
    offline.set(remote.id, { delayMs, nextPollAt: now() + delayMs });
  };

  const check = (remote: RemoteRow) => {
    if (remote.sync_interval_minutes <= 0) {
      offline.delete(remote.id);
      return;
    }
    if (busy.has(remote.id) || findLiveSyncRun(deps, remote.id)) return;
    const state = offline.get(remote.id);
    if (state) {
      if (now() >= state.nextPollAt) track(remote.id, () => pollNow(remote, state));
      return;
    }
    const last = findLatestSyncRun(deps.db, remote.id);
    const lastStart = last ? Date.parse(last.started_at) : startedAt;
    if (now() >= lastStart + remote.sync_interval_minutes * 60_000) track(remote.id, () => runNow(remote));
  };

  const tick = () => {
    timer = null;
    if (stopped) return;
    try {
      const remotes = listRemoteRows(deps.db);
      for (const id of offline.keys()) if (!remotes.some((remote) => remote.id === id)) offline.delete(id);
      for (const remote of remotes) check(remote);
    } catch (error) {
      warn(`outpost: the sync scheduler could not check the remotes: ${String(error)}`);
    }
    timer = timers.setTimeout(tick, tickMs);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      startedAt = now();
      tick();
    },
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

import type { Remote, SyncRun } from '../../api/remotes';
import { formatCount, plural, runCounts } from './runStats';
import { timeAgo } from './timeText';

/* What a run is doing, in words, for the run panel and the status bar. */

const PHASES: Record<string, string> = {
  connect: 'connecting',
  push: 'pushing local changes',
  pull: 'pulling tasks',
  media: 'downloading media',
  done: 'finishing',
};

export const STATUS_LABELS: Record<SyncRun['status'], string> = {
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * A finished run's outcome in words: a run that completed but met conflicts says so ("Completed
 * with 2 conflicts"), since what it could not settle alone now waits for someone.
 */
export function runOutcomeLabel(run: SyncRun): string {
  const conflicts = runCounts(run.stats).conflicts;
  if (run.status === 'completed' && conflicts > 0) return `Completed with ${plural(conflicts, 'conflict')}`;
  return STATUS_LABELS[run.status];
}

/** The chip's modifier: the warning look for a completed run with conflicts. */
export function runOutcomeKind(run: SyncRun): SyncRun['status'] | 'conflicts' {
  return run.status === 'completed' && runCounts(run.stats).conflicts > 0 ? 'conflicts' : run.status;
}

export function phaseLabel(phase: string | null): string {
  return phase === null ? 'starting' : (PHASES[phase] ?? phase);
}

/** "pulling tasks (120 of 3,000)", "pulling tasks (120)", or just the phase before any count. */
export function runActivity(run: SyncRun): string {
  const label = phaseLabel(run.phase);
  const progress = run.progress;
  if (!progress || (progress.done === 0 && progress.total === null)) return label;
  const of = progress.total === null ? '' : ` of ${formatCount(progress.total)}`;
  return `${label} (${formatCount(progress.done)}${of})`;
}

/** The first thing that went wrong, for a one-line summary of a failed run. */
export function failureReason(run: SyncRun): string {
  const first = run.errors[0];
  if (!first) return 'the run did not complete';
  return first.item && !first.message.includes(first.item) ? `${first.item}: ${first.message}` : first.message;
}

export type SyncState =
  | { kind: 'none' }
  | { kind: 'running'; text: string }
  | { kind: 'failed'; text: string }
  | { kind: 'pending'; text: string }
  | { kind: 'idle'; text: string };

/** "1 local change", "3 local changes": work done here that the remotes have not received yet. */
export function pendingText(count: number): string {
  return plural(count, 'local change');
}

/**
 * The one-line sync state of the status bar, from every remote's latest run and its outbox: a
 * running run wins, then a failure (it needs attention), then local work waiting to be pushed,
 * then the newest completed sync. No remotes: nothing.
 */
export function syncState(remotes: readonly Remote[], now: number): SyncState {
  if (remotes.length === 0) return { kind: 'none' };
  const running = remotes.find((remote) => remote.last_run?.status === 'running');
  if (running?.last_run) return { kind: 'running', text: `Syncing ${running.name}: ${runActivity(running.last_run)}…` };
  const pending = remotes.reduce((sum, remote) => sum + (remote.pending_changes ?? 0), 0);
  const failed = remotes.find((remote) => remote.last_run?.status === 'failed');
  if (failed?.last_run) {
    const who = remotes.length > 1 ? ` (${failed.name})` : '';
    const waiting = pending > 0 ? ` · ${pendingText(pending)} not pushed` : '';
    return { kind: 'failed', text: `Sync failed${who}: ${failureReason(failed.last_run)}${waiting}` };
  }
  // The latest run of each remote is all the list tells; a cancelled one is not a sync.
  const synced = remotes
    .map((remote) => (remote.last_run?.status === 'completed' ? remote.last_run.finished_at : null))
    .filter((at): at is string => typeof at === 'string')
    .sort()
    .at(-1);
  const cancelled = remotes.some((remote) => remote.last_run?.status === 'cancelled');
  const last = synced ? `last synced ${timeAgo(synced, now)}` : cancelled ? 'last run cancelled' : 'never synced';
  if (pending > 0) return { kind: 'pending', text: `Sync: ${pendingText(pending)} to push · ${last}` };
  return { kind: 'idle', text: `Sync: idle · ${last}` };
}

/** How soon to ask again: often while something runs, lightly otherwise. */
export function statusPollDelay(state: SyncState): number {
  return state.kind === 'running' ? 1_000 : 5_000;
}

import type { Remote, SyncRun } from '../api/remotes';
import { formatCount } from './runStats';
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
  | { kind: 'idle'; text: string };

/**
 * The one-line sync state of the status bar, from every remote's latest run: a running run wins,
 * then a failure (it needs attention), then the newest completed sync. No remotes: nothing.
 */
export function syncState(remotes: readonly Remote[], now: number): SyncState {
  if (remotes.length === 0) return { kind: 'none' };
  const running = remotes.find((remote) => remote.last_run?.status === 'running');
  if (running?.last_run) return { kind: 'running', text: `Syncing ${running.name}: ${runActivity(running.last_run)}…` };
  const failed = remotes.find((remote) => remote.last_run?.status === 'failed');
  if (failed?.last_run) {
    const who = remotes.length > 1 ? ` (${failed.name})` : '';
    return { kind: 'failed', text: `Sync failed${who}: ${failureReason(failed.last_run)}` };
  }
  // The latest run of each remote is all the list tells; a cancelled one is not a sync.
  const synced = remotes
    .map((remote) => (remote.last_run?.status === 'completed' ? remote.last_run.finished_at : null))
    .filter((at): at is string => typeof at === 'string')
    .sort()
    .at(-1);
  if (synced) return { kind: 'idle', text: `Sync: idle · last synced ${timeAgo(synced, now)}` };
  const cancelled = remotes.some((remote) => remote.last_run?.status === 'cancelled');
  return { kind: 'idle', text: cancelled ? 'Sync: idle · last run cancelled' : 'Sync: idle · never synced' };
}

/** How soon to ask again: often while something runs, lightly otherwise. */
export function statusPollDelay(state: SyncState): number {
  return state.kind === 'running' ? 1_000 : 5_000;
}

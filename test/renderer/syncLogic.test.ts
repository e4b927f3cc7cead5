import { describe, expect, it } from 'vitest';
import type { Remote, SyncRun } from '../../renderer/src/api/remotes';
import { pulledSummary, pushedSummary, runCounts } from '../../renderer/src/features/sync/runStats';
import {
  failureReason,
  runActivity,
  runOutcomeKind,
  runOutcomeLabel,
  statusPollDelay,
  syncState,
} from '../../renderer/src/features/sync/runText';
import { formatDuration, formatInterval, timeAgo } from '../../renderer/src/features/sync/timeText';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

function run(overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id: 1,
    remote: 1,
    status: 'completed',
    phase: 'done',
    started_at: '2025-03-01T11:50:00.000000Z',
    finished_at: '2025-03-01T11:55:00.000000Z',
    stats: {},
    errors: [],
    conflict_projects: [],
    ...overrides,
  };
}

function remote(name: string, lastRun: SyncRun | null, pending = 0): Remote {
  return {
    id: 1,
    url: 'http://127.0.0.1:9',
    name,
    token_kind: 'pat',
    remote_version: '1.22.0',
    remote_user_email: 'me@example.com',
    sync_interval_minutes: 0,
    created_at: '2025-03-01T10:00:00.000000Z',
    updated_at: '2025-03-01T10:00:00.000000Z',
    last_run: lastRun,
    pending_changes: pending,
  };
}

describe('run counts', () => {
  it('reads the stats a run recorded, and zero for what is missing or malformed', () => {
    const counts = runCounts({
      pulled: { projects: 1, tasks: 3000, annotations: 12, predictions: 'x' },
      pushed: { annotations: 2, deletions: 1 },
      conflicts: 4,
    });
    expect(counts.pulled).toEqual({ projects: 1, tasks: 3000, annotations: 12, predictions: 0, media: 0 });
    expect(counts.pushed).toEqual({ annotations: 2, updates: 0, deletions: 1, tasks: 0, skips: 0 });
    expect(counts.conflicts).toBe(4);
    expect(runCounts({})).toEqual(runCounts({ pulled: null, pushed: 3 }));
  });

  it('says them in words, singular for one', () => {
    const counts = runCounts({ pulled: { tasks: 3000, annotations: 1 }, pushed: { updates: 1 } });
    expect(pulledSummary(counts.pulled)).toBe('3,000 tasks, 1 annotation, 0 predictions');
    expect(pushedSummary(counts.pushed)).toBe('0 new annotations, 1 update, 0 deletions, 0 tasks');
  });
});

describe('times', () => {
  it('says how long ago, never in the future', () => {
    expect(timeAgo('2025-03-01T11:59:30.000000Z', NOW)).toBe('just now');
    expect(timeAgo('2025-03-01T12:05:00.000000Z', NOW)).toBe('just now');
    expect(timeAgo('2025-03-01T11:55:00.000000Z', NOW)).toBe('5 min ago');
    expect(timeAgo('2025-03-01T10:59:00.000000Z', NOW)).toBe('1 hour ago');
    expect(timeAgo('2025-02-27T11:00:00.000000Z', NOW)).toBe('2 days ago');
  });

  it('formats durations and intervals', () => {
    expect(formatDuration('2025-03-01T12:00:00.000Z', '2025-03-01T12:00:00.400Z')).toBe('0.4 s');
    expect(formatDuration('2025-03-01T12:00:00.000Z', '2025-03-01T12:00:42.000Z')).toBe('42 s');
    expect(formatDuration('2025-03-01T12:00:00.000Z', '2025-03-01T12:03:05.000Z')).toBe('3 min 5 s');
    expect(formatDuration('2025-03-01T12:00:00.000Z', '2025-03-01T14:04:00.000Z')).toBe('2 h 4 min');
    expect(formatInterval(0)).toBe('Manual only');
    expect(formatInterval(15)).toBe('Every 15 min');
    expect(formatInterval(120)).toBe('Every 2 h');
  });
});

describe('what a run is doing', () => {
  it('names the phase, with its counts when the server gave them', () => {
    expect(runActivity(run({ status: 'running', phase: 'connect' }))).toBe('connecting');
    expect(runActivity(run({ status: 'running', phase: null }))).toBe('starting');
    const pulling = run({ status: 'running', phase: 'pull', progress: { detail: null, done: 120, total: 3000 } });
    expect(runActivity(pulling)).toBe('pulling tasks (120 of 3,000)');
    const unknownTotal = run({ status: 'running', phase: 'pull', progress: { detail: null, done: 40, total: null } });
    expect(runActivity(unknownTotal)).toBe('pulling tasks (40)');
  });

  it('gives the first error of a failed run, naming its item unless the message does', () => {
    const error = { phase: 'pull', item: 'project 7', message: 'GET /api/tasks/: 500 boom' };
    expect(failureReason(run({ status: 'failed', errors: [error] }))).toBe('project 7: GET /api/tasks/: 500 boom');
    const named = { phase: 'connect', item: 'http://h', message: 'http://h could not be reached' };
    expect(failureReason(run({ status: 'failed', errors: [named] }))).toBe('http://h could not be reached');
    expect(failureReason(run({ status: 'failed' }))).toBe('the run did not complete');
  });
});

describe("a run's outcome", () => {
  it('says a completed run met conflicts, in the warning look', () => {
    const withConflicts = run({ stats: { conflicts: 2 } });
    expect(runOutcomeLabel(withConflicts)).toBe('Completed with 2 conflicts');
    expect(runOutcomeKind(withConflicts)).toBe('conflicts');
    expect(runOutcomeLabel(run({ stats: { conflicts: 1 } }))).toBe('Completed with 1 conflict');
    expect(runOutcomeLabel(run())).toBe('Completed');
    expect(runOutcomeKind(run())).toBe('completed');
    // A failed run stays a failure, whatever it met before failing.
    expect(runOutcomeLabel(run({ status: 'failed', stats: { conflicts: 2 } }))).toBe('Failed');
  });
});

describe('the status bar sync state', () => {
  it('is nothing without remotes, and never synced before any run', () => {
    expect(syncState([], NOW)).toEqual({ kind: 'none' });
    expect(syncState([remote('Lab', null)], NOW)).toEqual({ kind: 'idle', text: 'Sync: idle · never synced' });
  });

  it('prefers a running run, then a failure, then the newest completed sync', () => {
    const done = remote('Lab', run());
    const older = remote('Old', run({ finished_at: '2025-03-01T09:00:00.000000Z' }));
    expect(syncState([older, done], NOW)).toEqual({ kind: 'idle', text: 'Sync: idle · last synced 5 min ago' });

    const failed = remote(
      'Broken',
      run({ status: 'failed', errors: [{ phase: 'push', item: 'outbox', message: 'x' }] }),
    );
    expect(syncState([done, failed], NOW)).toEqual({ kind: 'failed', text: 'Sync failed (Broken): outbox: x' });
    expect(syncState([failed], NOW)).toEqual({ kind: 'failed', text: 'Sync failed: outbox: x' });

    const progress = { detail: 'project 3', done: 120, total: 3000 };
    const running = remote('Lab 2', run({ status: 'running', phase: 'pull', finished_at: null, progress }));
    const state = syncState([done, failed, running], NOW);
    expect(state).toEqual({ kind: 'running', text: 'Syncing Lab 2: pulling tasks (120 of 3,000)…' });
    expect(statusPollDelay(state)).toBeLessThan(statusPollDelay(syncState([done], NOW)));
  });

  it('counts the local changes waiting to be pushed, over every remote', () => {
    const lab = remote('Lab', run(), 2);
    const other = remote('Other', null, 1);
    expect(syncState([lab, other], NOW)).toEqual({
      kind: 'pending',
      text: 'Sync: 3 local changes to push · last synced 5 min ago',
    });
    expect(syncState([remote('Lab', null, 1)], NOW)).toEqual({
      kind: 'pending',
      text: 'Sync: 1 local change to push · never synced',
    });
    const failed = remote(
      'Lab',
      run({ status: 'failed', errors: [{ phase: 'connect', item: 'h', message: 'down' }] }),
      2,
    );
    expect(syncState([failed], NOW)).toEqual({
      kind: 'failed',
      text: 'Sync failed: h: down · 2 local changes not pushed',
    });
  });

  it('does not count a cancelled run as a sync', () => {
    const cancelled = remote('Lab', run({ status: 'cancelled' }));
    expect(syncState([cancelled], NOW)).toEqual({ kind: 'idle', text: 'Sync: idle · last run cancelled' });
  });
});

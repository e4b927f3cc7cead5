import { formatTimestamp } from '../../domain/clock.js';

/*
 * Where a pull is, saved in remote_projects.pull_checkpoint after each page in the same
 * transaction as that page's rows: a pull killed at any point resumes after the last task it
 * wrote, with the same `since` and the same start time.
 */
export interface PullCheckpoint {
  /** The incremental filter (`updated_at > since`), or null for a full pull. */
  since: string | null;
  /**
   * The walk's tasks go in id order: the last remote task id written. A task created or deleted
   * there meanwhile moves no task the walk still has to read.
   */
  after_id: number;
  /** The remote's clock when this pull began, or null if it gave none. */
  started_at: string | null;
}

export function parseCheckpoint(text: string | null): PullCheckpoint | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PullCheckpoint> & { page?: unknown };
    if (typeof value !== 'object' || value === null) return null;
    const afterId = typeof value.after_id === 'number' && value.after_id >= 0 ? value.after_id : null;
    // Checkpoints of versions that walked by page number (`page`) cannot say which tasks their
    // pages held once the list changed: such a walk starts over, keeping its start time.
    if (afterId === null && typeof value.page !== 'number') return null;
    return { since: value.since ?? null, after_id: afterId ?? 0, started_at: value.started_at ?? null };
  } catch {
    // An unreadable checkpoint only costs a full walk of the pages.
    return null;
  }
}

/** The filter value of an incremental pull: the saved server time minus an overlap window. */
export function sinceOf(pulledUntil: string | null, overlapSeconds: number): string | null {
  if (pulledUntil === null) return null;
  const time = Date.parse(pulledUntil);
  if (Number.isNaN(time)) return null;
  // Label Studio's filter takes exactly %Y-%m-%dT%H:%M:%S.%fZ, which formatTimestamp writes.
  return formatTimestamp(new Date(time - overlapSeconds * 1000));
}

import { formatTimestamp } from '../../domain/clock.js';

/*
 * Where a pull is, saved in remote_projects.pull_checkpoint after each page in the same
 * transaction as that page's rows: a pull killed at any point resumes at the next page, with
 * the same `since` and the same start time.
 */
export interface PullCheckpoint {
  /** The incremental filter (`updated_at > since`), or null for a full pull. */
  since: string | null;
  /** The next page to fetch (1-based). */
  page: number;
  /**
   * The tasks a page of this walk holds: a resumed walk keeps its own, so page N is the same tasks
   * after an update changed the default page size. Absent in checkpoints written before it was kept.
   */
  page_size?: number;
  /** The remote's clock when this pull began, or null if it gave none. */
  started_at: string | null;
}

/** The page size of every full pull before checkpoints named theirs. */
const LEGACY_PAGE_SIZE = 100;

export function parseCheckpoint(text: string | null): PullCheckpoint | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PullCheckpoint>;
    if (typeof value.page !== 'number' || value.page < 1) return null;
    const checkpoint: PullCheckpoint = {
      since: value.since ?? null,
      page: value.page,
      started_at: value.started_at ?? null,
    };
    // Checkpoints of versions that did not keep it were written with their only page size, 100.
    checkpoint.page_size =
      typeof value.page_size === 'number' && value.page_size >= 1 ? value.page_size : LEGACY_PAGE_SIZE;
    return checkpoint;
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

import type { Db } from '../../db/open.js';
import {
  countCountedTasks,
  countTaskSet,
  readDatabaseStamp,
  readSegmentKeys,
  sumTaskSetCounters,
  type TaskSet,
} from '../../db/repos/taskListRepo.js';
import type { CompiledOrdering } from './compileOrdering.js';

/*
 * Totals and pages of a filtered, ordered task set, with what was learned kept per connection
 * while the database does not change (readDatabaseStamp):
 * - counts and counter sums, which cost a walk over every matching index entry (about 25 ms per
 *   million tasks), are computed once for a given query and state;
 * - anchors: the sort keys of the first and last rows of every page served. A later page starts
 *   from the nearest anchor at or before it with a keyset seek, so walking pages in order (a sync
 *   client, the UI scrolling) or asking again for the same deep page does not re-walk the OFFSET.
 * Any write anywhere changes the stamp and drops everything, so nothing stale is ever served.
 */

interface Anchor {
  position: number;
  keys: unknown[];
}

interface Entry {
  stamp: string;
  total: number;
  sums: { annotations: number; predictions: number } | null;
  /** Rows per segment (all but the first are counted; the first is the remainder). */
  segmentSizes: number[];
  anchors: Anchor[][];
}

export interface TaskTotals {
  total: number;
  annotations: number;
  predictions: number;
}

const ENTRY_LIMIT = 32;
const ANCHOR_LIMIT = 4096;
const caches = new WeakMap<Db, Map<string, Entry>>();

function entryFor(db: Db, key: string): Entry | null {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const stamp = readDatabaseStamp(db);
  const found = cache.get(key);
  if (found && found.stamp === stamp) {
    cache.delete(key);
    cache.set(key, found);
    return found;
  }
  cache.delete(key);
  return null;
}

function remember(db: Db, key: string, entry: Entry): void {
  const cache = caches.get(db)!;
  cache.set(key, entry);
  if (cache.size > ENTRY_LIMIT) cache.delete(cache.keys().next().value!);
}

function cacheKey(set: TaskSet, ordering: CompiledOrdering): string {
  return JSON.stringify([set.project, set.conditions, ordering.signature]);
}

/** The totals of a task set, counting each segment of the ordering once. */
function loadEntry(db: Db, set: TaskSet, ordering: CompiledOrdering, key: string): Entry {
  const cached = entryFor(db, key);
  if (cached) return cached;
  const total = countTaskSet(db, set);
  // The later segments (tasks without a value) are usually the small ones: count those.
  const later = ordering.segments.slice(1).map((segment) => (total === 0 ? 0 : countTaskSet(db, set, segment.only)));
  const segmentSizes = [total - later.reduce((sum, size) => sum + size, 0), ...later];
  const entry: Entry = {
    stamp: readDatabaseStamp(db),
    total,
    sums: null,
    segmentSizes,
    anchors: ordering.segments.map(() => []),
  };
  remember(db, key, entry);
  return entry;
}

export function readTaskTotals(db: Db, set: TaskSet, ordering: CompiledOrdering): TaskTotals {
  const entry = loadEntry(db, set, ordering, cacheKey(set, ordering));
  if (!entry.sums) {
    // Walk whichever is smaller: the annotated or predicted tasks, or the filtered ones.
    const viaCounted = set.conditions.length === 0 || countCountedTasks(db, set.project) <= entry.total;
    entry.sums = entry.total === 0 ? { annotations: 0, predictions: 0 } : sumTaskSetCounters(db, set, viaCounted);
  }
  return { total: entry.total, annotations: entry.sums.annotations, predictions: entry.sums.predictions };
}

/** The anchor closest to `position` on one side: at or before it, or at or after it. */
function nearestAnchor(anchors: readonly Anchor[], position: number, after: boolean): Anchor | null {
  let low = 0;
  let high = anchors.length - 1;
  let best: Anchor | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const anchor = anchors[middle]!;
    if (anchor.position === position) return anchor;
    if (anchor.position < position) {
      if (!after) best = anchor;
      low = middle + 1;
    } else {
      if (after) best = anchor;
      high = middle - 1;
    }
  }
  return best;
}

function addAnchor(anchors: Anchor[], anchor: Anchor): void {
  let index = anchors.findIndex((existing) => existing.position >= anchor.position);
  if (index === -1) index = anchors.length;
  if (anchors[index]?.position === anchor.position) return;
  anchors.splice(index, 0, anchor);
  if (anchors.length > ANCHOR_LIMIT) anchors.splice(Math.floor(Math.random() * anchors.length), 1);
}

/**
 * Reads rows [position, position + count) of one segment. The OFFSET a read has to step over is
 * what costs (about 25 ms per million index entries), so the read starts from whichever is
 * closest: the segment's start or an anchor before the rows, reading forward, or the segment's
 * end or an anchor after them, reading backward (then reversed). Page 9,999 of 10,000 costs the
 * same as page 2.
 */
function readSegment(
  db: Db,
  set: TaskSet,
  ordering: CompiledOrdering,
  entry: Entry,
  index: number,
  position: number,
  count: number,
): number[] {
  const segment = ordering.segments[index]!;
  const size = entry.segmentSizes[index]!;
  const anchors = entry.anchors[index]!;
  const rowsWanted = Math.min(count, size - position);
  const last = position + rowsWanted - 1;
  const before = nearestAnchor(anchors, position, false);
  const after = nearestAnchor(anchors, last, true);
  const forwardSkip = before ? position - before.position : position;
  const backwardSkip = after ? after.position - last : size - 1 - last;
  let rows: unknown[][];
  if (forwardSkip <= backwardSkip) {
    rows = readSegmentKeys(db, set, segment, ordering.descending, before?.keys ?? null, rowsWanted, forwardSkip);
  } else {
    rows = readSegmentKeys(
      db,
      set,
      segment,
      !ordering.descending,
      after?.keys ?? null,
      rowsWanted,
      backwardSkip,
    ).reverse();
  }
  if (rows.length > 0) {
    addAnchor(anchors, { position, keys: rows[0]! });
    addAnchor(anchors, { position: position + rows.length - 1, keys: rows.at(-1)! });
  }
  // The id is the last sort key of every segment.
  return rows.map((row) => row.at(-1) as number);
}

/** The ids of rows [offset, offset + limit) of the ordered task set. */
export function readTaskPageIds(
  db: Db,
  set: TaskSet,
  ordering: CompiledOrdering,
  offset: number,
  limit: number,
): number[] {
  const entry = loadEntry(db, set, ordering, cacheKey(set, ordering));
  const ids: number[] = [];
  let position = offset;
  for (let index = 0; index < ordering.segments.length && ids.length < limit; index += 1) {
    const size = entry.segmentSizes[index]!;
    if (position >= size) {
      position -= size;
      continue;
    }
    ids.push(...readSegment(db, set, ordering, entry, index, position, limit - ids.length));
    position = 0;
  }
  return ids;
}

import type { Db } from '../../db/open.js';
import { COUNTER_COLUMNS, readProjectCounters, readUserQueues } from '../../db/repos/projectStatsRepo.js';

/** Label Studio's ProjectManager.COUNTER_FIELDS, in its order. */
export const COUNTER_FIELDS = COUNTER_COLUMNS;

export type CounterField = (typeof COUNTER_FIELDS)[number];
export type Counters = Partial<Record<CounterField, number>>;

export interface QueueNumbers {
  queue_total: number;
  queue_done: number;
}

/** The requested counters for a page of projects, read from the kept counters; a project without a row gets 0. */
export function computeCounters(
  db: Db,
  projectIds: readonly number[],
  fields: ReadonlySet<CounterField>,
): Map<number, Counters> {
  const result = new Map<number, Counters>(projectIds.map((id) => [id, {}]));
  if (projectIds.length === 0 || fields.size === 0) return result;
  const rows = new Map(readProjectCounters(db, projectIds).map((row) => [row.project, row]));
  for (const [id, counters] of result) {
    const row = rows.get(id);
    for (const field of COUNTER_FIELDS) if (fields.has(field)) counters[field] = row?.[field] ?? 0;
  }
  return result;
}

/**
 * Label Studio's `get_queue_total` / `get_queue_done` for one user:
 * - total: tasks not labeled yet plus labeled tasks the user annotated (skips count as annotated);
 * - done: tasks the user annotated; with REQUEUE_FOR_ME a skip does not count as done.
 */
export function computeQueues(
  db: Db,
  projects: readonly { id: number; skip_queue: string }[],
  userId: number,
): Map<number, QueueNumbers> {
  const ids = projects.map((project) => project.id);
  if (ids.length === 0) return new Map();
  const tasks = new Map(readProjectCounters(db, ids).map((row) => [row.project, row]));
  const mine = new Map(readUserQueues(db, ids, userId).map((row) => [row.project, row]));
  return new Map(
    projects.map((project) => {
      const taskRow = tasks.get(project.id);
      const user = mine.get(project.id);
      const unlabeled = (taskRow?.task_number ?? 0) - (taskRow?.finished_task_number ?? 0);
      const done = project.skip_queue === 'REQUEUE_FOR_ME' ? user?.annotated_not_skipped : user?.annotated;
      return [project.id, { queue_total: unlabeled + (user?.labeled_annotated ?? 0), queue_done: done ?? 0 }];
    }),
  );
}

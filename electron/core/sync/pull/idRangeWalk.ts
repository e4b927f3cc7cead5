import type { SyncContext } from '../syncTypes.js';
import { getPage, type FilterItem } from './remoteTaskPages.js';
import type { ListedTask, TaskListing } from './taskListing.js';

/*
 * A full pull's walk without an id listing, for a project whose task ids lie close together (as
 * imports make them): its pages are ranges of ids, each exported whole. Label Studio's export of
 * `ids[]` gives the tasks of the project among them and ignores the rest, so an id that is not
 * the project's costs nothing. Listing every id cost the remote a seventh to a quarter of what
 * exporting the tasks did (measured: docs/sync.md), and a page cannot start before its ids are listed.
 *
 * What the listing gave besides the ids:
 * - `overlap`, which the export leaves out: a task without it takes the project's
 *   `maximum_annotations`, so only the tasks whose overlap differs are listed (a filter on it;
 *   usually none);
 * - the id set the reconcile compares with: the pull compares task counts instead, as an
 *   incremental pull does, and lists the ids only when they differ (pullProject.ts).
 * Ids spread thinly (fewer than half of a range the project's) go back to the listing.
 */

/** The least share of a range's ids that must be the project's tasks for the walk to go by ranges. */
const LEAST_DENSITY = 0.5;

/** Tasks an overlap listing request asks for. */
const LISTED_A_REQUEST = 10_000;

type Query = { filters: { conjunction: 'and'; items: FilterItem[] }; ordering: string[] };

const afterItem = (id: number): FilterItem => ({
  filter: 'filter:tasks:id',
  operator: 'greater',
  type: 'Number',
  value: id,
});

async function firstTask(
  ctx: SyncContext,
  remoteProjectId: number,
  query: Query,
): Promise<{ id: number; total: number } | null> {
  const result = await getPage(ctx, {
    project: remoteProjectId,
    include: 'id',
    page: 1,
    page_size: 1,
    query: JSON.stringify(query),
  });
  const task = result?.tasks[0];
  return task ? { id: task.id, total: result.total ?? 0 } : null;
}

/** id -> overlap of the tasks after `afterId` whose overlap is not `usual`. */
async function unusualOverlaps(
  ctx: SyncContext,
  remoteProjectId: number,
  afterId: number,
  usual: number,
): Promise<Map<number, number>> {
  const overlaps = new Map<number, number>();
  let lastId = afterId;
  for (;;) {
    const items: FilterItem[] = [
      { filter: 'filter:tasks:overlap', operator: 'not_equal', type: 'Number', value: usual },
      afterItem(lastId),
    ];
    const result = await getPage(ctx, {
      project: remoteProjectId,
      include: 'id,overlap',
      page: 1,
      page_size: LISTED_A_REQUEST,
      query: JSON.stringify({ filters: { conjunction: 'and', items }, ordering: ['tasks:id'] }),
    });
    const tasks = result?.tasks ?? [];
    for (const task of tasks) {
      if (typeof task.overlap === 'number') overlaps.set(task.id, task.overlap);
      lastId = Math.max(lastId, task.id);
    }
    if (tasks.length < LISTED_A_REQUEST) return overlaps;
  }
}

/**
 * The walk by id ranges of the tasks after `afterId`, or null when their ids are spread too thinly
 * for it. `usualOverlap` is the project's maximum_annotations.
 */
export async function createIdRangeWalk(
  ctx: SyncContext,
  remoteProjectId: number,
  afterId: number,
  usualOverlap: number,
): Promise<TaskListing | null> {
  const lowest = await firstTask(ctx, remoteProjectId, {
    filters: { conjunction: 'and', items: [afterItem(afterId)] },
    ordering: ['tasks:id'],
  });
  const highest =
    lowest &&
    (await firstTask(ctx, remoteProjectId, {
      filters: { conjunction: 'and', items: [afterItem(afterId)] },
      ordering: ['-tasks:id'],
    }));
  if (lowest && !highest) return null;
  const low = lowest?.id ?? afterId + 1;
  const high = highest?.id ?? afterId;
  const count = lowest?.total ?? 0;
  if (count > 0 && count / (high - low + 1) < LEAST_DENSITY) return null;
  const overlaps = count > 0 ? await unusualOverlaps(ctx, remoteProjectId, afterId, usualOverlap) : new Map();

  return {
    slice(start, size) {
      const ids: ListedTask[] = [];
      for (let id = low + start; id <= high && id < low + start + size; id += 1) {
        const overlap = overlaps.get(id);
        ids.push(overlap === undefined ? { id } : { id, overlap });
      }
      return Promise.resolve(ids);
    },
    total: () => count,
    pages: (pageSize) => Math.ceil((high - low + 1) / pageSize),
    listAhead: () => Promise.resolve(),
    states: () => Promise.resolve(null),
  };
}

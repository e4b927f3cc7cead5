import type { SyncContext } from '../syncTypes.js';
import { getPage } from './remoteTaskPages.js';

/*
 * A full pull's id listing: every task of the remote project, in id order, with the few fields
 * the pull needs besides what the export gives (the export leaves out `overlap`). Read by id
 * ranges (`id > last id seen`), 1,000 a request: a task saved or deleted meanwhile shifts no
 * later request. It is read as the walk goes: the walk's pages are slices of it (a page asks for
 * more when it runs past what is listed), and the rest is read ahead whenever the walk has pages
 * to spare (`listAhead`). Once read to its end it is also the id set the reconcile compares with.
 */

/** A task id the walk covers, with its overlap when the walk knows it. */
export interface ListedTask {
  id: number;
  overlap?: number;
}

/** A full pull's walk: this listing, or ranges of ids (idRangeWalk.ts). */
export interface TaskListing {
  /** Ids `start` to `start + count` (0-based) of the walk after `afterId`; fewer or none at the end. */
  slice(start: number, count: number): Promise<ListedTask[]>;
  /** The project's task count, as the first listing request found it (null before it or if not told). */
  total(): number | null;
  /** How many pages of `pageSize` the walk has, when it knows that before reading them. */
  pages?(pageSize: number): number;
  /** Lists the rest, each request once `beforeEachRequest` lets it go. */
  listAhead(beforeEachRequest: () => Promise<void>): Promise<void>;
  /** Every task listed, id -> updated_at, once the listing reached its end; null for a walk by ranges. */
  states(): Promise<Map<number, string> | null>;
}

/** Tasks a listing request asks for: about 0.8 MB of answer. */
const LISTED_A_REQUEST = 1_000;

const LISTED_FIELDS = 'id,updated_at,overlap';

/** Lists `remoteProjectId`'s tasks as the walk needs them; the walk covers those after `afterId`. */
export function createTaskListing(
  ctx: SyncContext,
  remoteProjectId: number,
  afterId: number,
  pageSize = LISTED_A_REQUEST,
): TaskListing {
  const states = new Map<number, string>();
  const walk: ListedTask[] = [];
  let lastId = 0;
  let total: number | null = null;
  let ended = false;
  let inFlight: Promise<void> | null = null;

  const listOnce = async (): Promise<void> => {
    ctx.signal?.throwIfAborted();
    const query = JSON.stringify({
      filters: {
        conjunction: 'and',
        items: [{ filter: 'filter:tasks:id', operator: 'greater', type: 'Number', value: lastId }],
      },
      ordering: ['tasks:id'],
    });
    const result = await getPage(ctx, {
      project: remoteProjectId,
      include: LISTED_FIELDS,
      page: 1,
      page_size: pageSize,
      query,
    });
    if (total === null && typeof result?.total === 'number') total = result.total;
    const tasks = result?.tasks ?? [];
    for (const task of tasks) {
      states.set(task.id, task.updated_at);
      if (task.id > afterId) walk.push({ id: task.id, overlap: task.overlap });
      lastId = Math.max(lastId, task.id);
    }
    if (tasks.length < pageSize) ended = true;
  };

  // One request at a time: each starts where the last one ended.
  const listMore = (): Promise<void> => {
    inFlight ??= listOnce().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    async slice(start, count) {
      while (!ended && walk.length < start + count) await listMore();
      return walk.slice(start, start + count);
    },
    total: () => total,
    async listAhead(beforeEachRequest) {
      while (!ended) {
        await beforeEachRequest();
        if (!ended) await listMore();
      }
    },
    async states() {
      while (!ended) await listMore();
      return states;
    },
  };
}

import type { SyncScope } from '../../../../shared/api/syncScope.js';
import { RemoteError } from '../remoteError.js';
import { withRetry } from '../retry.js';
import type { SyncContext } from '../syncTypes.js';
import {
  getPage,
  listRemoteTaskStates,
  listTaskStatesWhere,
  updatedSinceItem,
  type FilterItem,
} from './remoteTaskPages.js';

/*
 * What a scope lists on the remote (docs/sync.md#partial-mirrors): id -> updated_at of its tasks,
 * never the whole project's ids (unless the scope is the whole project). `key` says what the scope
 * lists now: while it equals what the last pull listed, `list(since)` may leave out the tasks not
 * saved since the cursor; once it changed (another scope, a tab whose filters were edited there),
 * the pull lists the whole scope once.
 */

export interface ScopeListing {
  key: string | null;
  /** `held`: remote ids the mirror holds, which the pull lists by id anyway. */
  list(since: string | null, held: ReadonlySet<number>): Promise<Map<number, string>>;
}

/** Ids a listing by id asks for at once: about 7 kB of URL, well inside what servers accept. */
export const IDS_PER_REQUEST = 1000;

/** id -> updated_at of the given remote tasks that still exist (saved after `since`, when given). */
export async function listTaskStatesOfIds(
  ctx: SyncContext,
  remoteProjectId: number,
  ids: readonly number[],
  since: string | null,
): Promise<Map<number, string>> {
  const states = new Map<number, string>();
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
    ctx.signal?.throwIfAborted();
    const chunk = ids.slice(start, start + IDS_PER_REQUEST);
    const result = await getPage(ctx, {
      project: remoteProjectId,
      include: 'id,updated_at',
      page: 1,
      page_size: chunk.length,
      query: JSON.stringify({
        filters: { conjunction: 'and', items: since === null ? [] : [updatedSinceItem(since)] },
        selectedItems: { all: false, included: chunk },
      }),
    });
    for (const task of result?.tasks ?? []) states.set(task.id, task.updated_at);
  }
  return states;
}

interface RemoteViewDetail {
  project?: number;
  data?: {
    filters?: { conjunction?: string; items?: FilterItem[] } | null;
    selectedItems?: { all?: boolean; included?: unknown[]; excluded?: unknown[] } | null;
  } | null;
}

function hasSelection(selected: NonNullable<RemoteViewDetail['data']>['selectedItems']): boolean {
  return !!selected && (selected.all === true || (selected.included?.length ?? 0) > 0);
}

async function readView(ctx: SyncContext, remoteProjectId: number, viewId: number): Promise<RemoteViewDetail> {
  try {
    return await withRetry(() => ctx.client.request<RemoteViewDetail>('GET', `/api/dm/views/${viewId}/`), {
      signal: ctx.signal,
    });
  } catch (error) {
    if (error instanceof RemoteError && error.status === 404) {
      throw new Error(`Tab ${viewId} of project ${remoteProjectId} is gone from the remote: choose another scope.`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Every task of the tab as the remote lists it (`view=`), by page numbers. */
async function listWholeView(ctx: SyncContext, remoteProjectId: number, viewId: number): Promise<Map<number, string>> {
  const states = new Map<number, string>();
  const pageSize = 10_000;
  for (let page = 1; ; page += 1) {
    ctx.signal?.throwIfAborted();
    const result = await getPage(ctx, {
      project: remoteProjectId,
      view: viewId,
      include: 'id,updated_at',
      page,
      page_size: pageSize,
    });
    for (const task of result?.tasks ?? []) states.set(task.id, task.updated_at);
    if (result === null || result.tasks.length < pageSize) return states;
  }
}

/**
 * A tab. Label Studio ignores `query` when `view` is given, so the tab's own filters are read
 * and sent as the query, joined with the pull's (saved since, id ranges). A tab whose filters are
 * joined by "or", or that holds a selection of tasks, cannot take more items: it is listed whole
 * through `view=`, as the remote applies it.
 */
async function viewListing(ctx: SyncContext, remoteProjectId: number, viewId: number): Promise<ScopeListing> {
  const view = await readView(ctx, remoteProjectId, viewId);
  if (view.project !== undefined && view.project !== remoteProjectId) {
    throw new Error(`Tab ${viewId} belongs to project ${view.project}, not ${remoteProjectId}: choose another scope.`);
  }
  const filters = view.data?.filters ?? null;
  const items = filters?.items ?? [];
  const selection = view.data?.selectedItems ?? null;
  const key = JSON.stringify({ kind: 'view', view: viewId, filters, selection });
  const joinable = (items.length <= 1 || filters?.conjunction !== 'or') && !hasSelection(selection);
  return {
    key,
    list: (since) =>
      joinable
        ? listTaskStatesWhere(ctx, remoteProjectId, since === null ? items : [...items, updatedSinceItem(since)])
        : listWholeView(ctx, remoteProjectId, viewId),
  };
}

/** The filter items of remote tasks nobody annotated or skipped there. */
export const UNLABELED_ITEMS: readonly FilterItem[] = [
  { filter: 'filter:tasks:total_annotations', operator: 'equal', type: 'Number', value: 0 },
  { filter: 'filter:tasks:cancelled_annotations', operator: 'equal', type: 'Number', value: 0 },
];

export async function scopeListing(ctx: SyncContext, remoteProjectId: number, scope: SyncScope): Promise<ScopeListing> {
  const since = (value: string | null): FilterItem[] => (value === null ? [] : [updatedSinceItem(value)]);
  switch (scope?.kind) {
    case undefined:
      // Back to the whole project: every id once, so what the mirror lacks is read and nothing twice.
      return { key: null, list: () => listRemoteTaskStates(ctx, remoteProjectId) };
    case 'view':
      return viewListing(ctx, remoteProjectId, scope.view);
    case 'ids':
      return {
        key: JSON.stringify(scope),
        list: (value, held) =>
          listTaskStatesOfIds(
            ctx,
            remoteProjectId,
            scope.ids.filter((id) => !held.has(id)),
            value,
          ),
      };
    case 'range': {
      const range: FilterItem[] = [
        { filter: 'filter:tasks:id', operator: 'greater', type: 'Number', value: scope.from - 1 },
        { filter: 'filter:tasks:id', operator: 'less', type: 'Number', value: scope.to + 1 },
      ];
      return {
        key: JSON.stringify(scope),
        list: (value) => listTaskStatesWhere(ctx, remoteProjectId, [...range, ...since(value)]),
      };
    }
    case 'unlabeled':
      // The tasks held are checked like any scope's; the top-up (topUpUnlabeled) picks the new ones.
      return { key: JSON.stringify(scope), list: () => Promise.resolve(new Map()) };
  }
}

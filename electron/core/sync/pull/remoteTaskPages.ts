import { RemoteError } from '../remoteError.js';
import { withRetry } from '../retry.js';
import type { SyncContext } from '../syncTypes.js';
import type { RemoteTask, RemoteTaskPage } from './remoteTask.js';

/*
 * Reading a remote project's tasks through the data-manager list (docs/sync.md#pull): `fields=all`
 * brings annotations (skipped ones included) and predictions, `include` only the fields named,
 * `resolve_uri=false` keeps the data as stored there. A page past the end is a 404, which ends
 * the walk, as does an empty page.
 */

export async function getPage(
  ctx: SyncContext,
  query: Record<string, string | number>,
): Promise<RemoteTaskPage | null> {
  try {
    return await withRetry(
      () => ctx.client.request<RemoteTaskPage>('GET', '/api/tasks/', { query, signal: ctx.signal }),
      {
        signal: ctx.signal,
      },
    );
  } catch (error) {
    if (error instanceof RemoteError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Every task of the remote project: id -> updated_at (a sparse listing, cheap even when large).
 * `beforeEachRequest` may hold each request back (the pull lets its task pages go first).
 */
export async function listRemoteTaskStates(
  ctx: SyncContext,
  remoteProjectId: number,
  beforeEachRequest: () => Promise<void> = () => Promise.resolve(),
  pageSize = 1000,
): Promise<Map<number, string>> {
  const states = new Map<number, string>();
  for (let page = 1; ; page += 1) {
    await beforeEachRequest();
    const result = await getPage(ctx, {
      project: remoteProjectId,
      include: 'id,updated_at',
      page,
      page_size: pageSize,
    });
    if (result === null || result.tasks.length === 0) return states;
    for (const task of result.tasks) states.set(task.id, task.updated_at);
  }
}

/** Ids a sparse listing request asks for: about 0.7 MB of answer. */
const SPARSE_PAGE = 10_000;

/** One item of a data-manager filter, as Label Studio's query and tabs spell it. */
export interface FilterItem {
  filter: string;
  operator: string;
  type: string;
  value: unknown;
}

/** A page of a sparse listing; answering false stops the listing after it. */
export type StatePageHandler = (tasks: readonly { id: number; updated_at: string }[]) => boolean | void;

/**
 * id -> updated_at of the tasks matching every filter item. Read by id ranges (`id > last id
 * seen`, in id order) rather than by page numbers: a task saved or deleted while the listing is
 * read then shifts no later request, so none is skipped. `onPage` may stop it early.
 */
export async function listTaskStatesWhere(
  ctx: SyncContext,
  remoteProjectId: number,
  items: readonly FilterItem[],
  pageSize = SPARSE_PAGE,
  onPage: StatePageHandler = () => true,
): Promise<Map<number, string>> {
  const states = new Map<number, string>();
  let lastId = 0;
  for (;;) {
    ctx.signal?.throwIfAborted();
    const query = JSON.stringify({
      filters: {
        conjunction: 'and',
        items: [...items, { filter: 'filter:tasks:id', operator: 'greater', type: 'Number', value: lastId }],
      },
      ordering: ['tasks:id'],
    });
    const result = await getPage(ctx, {
      project: remoteProjectId,
      include: 'id,updated_at',
      page: 1,
      page_size: pageSize,
      query,
    });
    if (result === null || result.tasks.length === 0) return states;
    for (const task of result.tasks) {
      states.set(task.id, task.updated_at);
      lastId = Math.max(lastId, task.id);
    }
    if (onPage(result.tasks) === false || result.tasks.length < pageSize) return states;
  }
}

/** The filter item of tasks saved after `since` (an incremental pull's). */
export function updatedSinceItem(since: string): FilterItem {
  return { filter: 'filter:tasks:updated_at', operator: 'greater', type: 'Datetime', value: since };
}

/** id -> updated_at of the tasks saved after `since` (listTaskStatesWhere). */
export function listTaskStatesSince(
  ctx: SyncContext,
  remoteProjectId: number,
  since: string,
  pageSize = SPARSE_PAGE,
): Promise<Map<number, string>> {
  return listTaskStatesWhere(ctx, remoteProjectId, [updatedSinceItem(since)], pageSize);
}

/** Full tasks picked by id (the data manager's selectedItems), in chunks of `pageSize`. */
export async function fetchTasksById(
  ctx: SyncContext,
  remoteProjectId: number,
  ids: readonly number[],
  pageSize: number,
): Promise<RemoteTask[]> {
  const tasks: RemoteTask[] = [];
  for (let start = 0; start < ids.length; start += pageSize) {
    const chunk = ids.slice(start, start + pageSize);
    const result = await getPage(ctx, {
      project: remoteProjectId,
      fields: 'all',
      resolve_uri: 'false',
      page: 1,
      page_size: chunk.length,
      query: JSON.stringify({ selectedItems: { all: false, included: chunk } }),
    });
    tasks.push(...(result?.tasks ?? []));
  }
  return tasks;
}

import type { ZodType } from 'zod';
import type { DmColumn } from '../dm/columns';
import type { Filters } from '../dm/filters';
import type { ApiClient } from './client';

/*
 * The Data Manager endpoints the page uses (spec 5.1 and 8): tabs (views), columns, actions and
 * the paged task list.
 */

export interface DmViewData extends Record<string, unknown> {
  title?: string;
  filters?: Filters;
  ordering?: string[];
  hiddenColumns?: { explore: string[]; labeling: string[] };
}

export interface DmView {
  id: number;
  data: DmViewData;
  order: number | null;
  project: number;
}

export interface DmAction {
  id: string;
  title: string;
  order: number;
  dialog?: { title?: string; text?: string; type?: string; form?: unknown } | null;
  hidden?: boolean;
  disabled?: boolean;
  experimental?: boolean;
}

/** Actions that delete something; the page asks before running them. */
export function isDestructive(action: DmAction): boolean {
  return action.id.startsWith('delete') || action.id === 'remove_duplicates';
}

export interface DmTask extends Record<string, unknown> {
  id: number;
  data: Record<string, unknown>;
}

export interface TaskPage {
  total: number;
  tasks: DmTask[];
}

export function listViews(client: ApiClient, project: number, signal?: AbortSignal): Promise<DmView[]> {
  return client.get<DmView[]>('/api/dm/views/', { query: { project }, signal });
}

export function createView(client: ApiClient, project: number, data: DmViewData): Promise<DmView> {
  return client.post<DmView>('/api/dm/views/', { project, data });
}

/** The whole `data` goes each time: the server keeps only what it is sent. */
export function saveView(client: ApiClient, view: DmView): Promise<DmView> {
  const data: DmViewData = {
    ...view.data,
    filters: view.data.filters ?? { conjunction: 'and', items: [] },
    ordering: view.data.ordering ?? [],
  };
  return client.patch<DmView>(`/api/dm/views/${view.id}/`, { project: view.project, data });
}

export function deleteView(client: ApiClient, id: number): Promise<void> {
  return client.delete(`/api/dm/views/${id}/`);
}

export async function listColumns(client: ApiClient, project: number, signal?: AbortSignal): Promise<DmColumn[]> {
  return (await client.get<{ columns: DmColumn[] }>('/api/dm/columns/', { query: { project }, signal })).columns;
}

export async function listActions(client: ApiClient, project: number, signal?: AbortSignal): Promise<DmAction[]> {
  const actions = await client.get<DmAction[]>('/api/dm/actions/', { query: { project }, signal });
  return actions.filter((action) => !action.hidden && !action.experimental).sort((a, b) => a.order - b.order);
}

export interface ActionSelection {
  selectedItems: { all: true; excluded: number[] } | { all: false; included: number[] };
  filters: Filters;
  ordering: string[];
}

/**
 * Runs an action on the selection within the tab's filters. The view id is not sent: the server
 * would then use the view's stored selection, which this page never stores.
 */
export function runAction<T = { processed_items?: number; detail?: string }>(
  client: ApiClient,
  project: number,
  action: string,
  selection: ActionSelection,
  /** The action's own answer shape, for the actions whose answer the page reads. */
  schema?: ZodType<T>,
): Promise<T> {
  return client.post('/api/dm/actions/', selection, { query: { project, id: action }, schema });
}

export function fetchTaskPage(
  client: ApiClient,
  view: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TaskPage> {
  return client.get<TaskPage>('/api/tasks/', {
    query: { view, page, page_size: pageSize, fields: 'task_only' },
    signal,
  });
}

export async function fetchProjectTitle(client: ApiClient, project: number, signal?: AbortSignal): Promise<string> {
  // Only the title: the project's counters cost a scan of its tasks.
  const body = await client.get<{ title: string | null }>(`/api/projects/${project}/`, {
    query: { include: 'id,title' },
    signal,
  });
  return body.title ?? '';
}

import type { ZodType } from 'zod';
import {
  dmActionListSchema,
  dmActionResultSchema,
  dmColumnsAnswerSchema,
  dmTaskPageSchema,
  dmViewListSchema,
  dmViewSchema,
  type DmAction,
  type DmActionResult,
  type DmColumn,
  type DmTaskPage,
  type DmView,
  type DmViewData,
} from '../../../shared/api/dataManager';
import { projectSchema } from '../../../shared/api/projects';
import type { Filters } from '../features/dm/filters';
import type { ApiClient } from './client';

export type { DmAction, DmTask, DmTaskPage, DmView, DmViewData } from '../../../shared/api/dataManager';

/*
 * The Data Manager endpoints the page uses (docs/label-studio-compatibility.md#data-manager,
 * #task-lists): tabs (views), columns, actions and the paged task list.
 */

/** Actions that delete something; the page asks before running them. */
export function isDestructive(action: DmAction): boolean {
  return action.id.startsWith('delete') || action.id === 'remove_duplicates';
}

export function listViews(client: ApiClient, project: number, signal?: AbortSignal): Promise<DmView[]> {
  return client.get('/api/dm/views/', { query: { project }, signal, schema: dmViewListSchema });
}

export function createView(client: ApiClient, project: number, data: DmViewData): Promise<DmView> {
  return client.post('/api/dm/views/', { project, data }, { schema: dmViewSchema });
}

/** The whole `data` goes each time: the server keeps only what it is sent. */
export function saveView(client: ApiClient, view: DmView): Promise<DmView> {
  const data: DmViewData = {
    ...view.data,
    filters: view.data.filters ?? { conjunction: 'and', items: [] },
    ordering: view.data.ordering ?? [],
  };
  return client.patch(`/api/dm/views/${view.id}/`, { project: view.project, data }, { schema: dmViewSchema });
}

export function deleteView(client: ApiClient, id: number): Promise<void> {
  return client.delete(`/api/dm/views/${id}/`);
}

export async function listColumns(client: ApiClient, project: number, signal?: AbortSignal): Promise<DmColumn[]> {
  return (await client.get('/api/dm/columns/', { query: { project }, signal, schema: dmColumnsAnswerSchema })).columns;
}

export async function listActions(client: ApiClient, project: number, signal?: AbortSignal): Promise<DmAction[]> {
  const actions = await client.get('/api/dm/actions/', { query: { project }, signal, schema: dmActionListSchema });
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
export function runAction(
  client: ApiClient,
  project: number,
  action: string,
  selection: ActionSelection,
): Promise<DmActionResult>;
/** An action with an answer of its own (retrieving predictions). */
export function runAction<T>(
  client: ApiClient,
  project: number,
  action: string,
  selection: ActionSelection,
  schema: ZodType<T>,
): Promise<T>;
export function runAction(
  client: ApiClient,
  project: number,
  action: string,
  selection: ActionSelection,
  schema: ZodType = dmActionResultSchema,
): Promise<unknown> {
  return client.post('/api/dm/actions/', selection, { query: { project, id: action }, schema });
}

export function fetchTaskPage(
  client: ApiClient,
  view: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<DmTaskPage> {
  return client.get('/api/tasks/', {
    query: { view, page, page_size: pageSize, fields: 'task_only' },
    signal,
    schema: dmTaskPageSchema,
  });
}

const projectTitleSchema = projectSchema.pick({ id: true, title: true });

export async function fetchProjectTitle(client: ApiClient, project: number, signal?: AbortSignal): Promise<string> {
  // Only the title: the project's counters cost a scan of its tasks.
  const body = await client.get(`/api/projects/${project}/`, {
    query: { include: 'id,title' },
    signal,
    schema: projectTitleSchema,
  });
  return body.title ?? '';
}

import type { DmView } from '../../../../shared/api/dataManager.js';
import { ValidationError } from '../errors.js';
import type { ViewRow } from '../../db/repos/viewsRepo.js';
import { pythonTypeName } from '../pythonText.js';
import type { PrepareParams } from './prepareParams.js';
import { readPrepareParams } from './prepareParams.js';

/*
 * Label Studio's ViewSerializer. On the way in, `data.filters` becomes the filter group (only
 * when it has a conjunction) and `data.ordering` the ordering; the rest of `data` is stored as
 * it is. On the way out they are folded back into `data`, each only when non-empty, after the
 * stored keys, followed by selectedItems.
 */

/** A stored filter item: what the filter group serializer keeps of each item and its child. */
interface StoredFilter {
  filter: string;
  operator: string;
  type: string;
  value: unknown;
  child_filter?: StoredFilter;
}

interface StoredFilterGroup {
  conjunction: string;
  items: StoredFilter[];
}

export interface ViewInput {
  data: Record<string, unknown>;
  /** Undefined when the input had no `data.filters` with a conjunction (the group is left as it is). */
  filterGroup: StoredFilterGroup | undefined;
  ordering: unknown;
}

function parseJson(text: string | null, fallback: unknown): unknown {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

export function serializeView(row: ViewRow): DmView {
  const stored = parseJson(row.data, {});
  const data: Record<string, unknown> =
    stored !== null && typeof stored === 'object' && !Array.isArray(stored)
      ? { ...(stored as Record<string, unknown>) }
      : {};
  const filters = parseJson(row.filter_group, null);
  if (filters !== null) data.filters = filters;
  const selected = parseJson(row.selected_items, {});
  if (isTruthy(selected)) data.selectedItems = selected;
  const ordering = parseJson(row.ordering, {});
  if (isTruthy(ordering)) data.ordering = ordering;
  // `data` holds what its client stored: only its folded-back keys have a shape Outpost checks.
  return { id: row.id, data, order: row.order, user: row.user, project: row.project } as DmView;
}

/**
 * FilterSerializer.validate_column: a column must start with `filter:tasks:`, and outside
 * `data.` it may not traverse relations with `__`.
 */
function columnError(column: unknown): string | null {
  if (typeof column !== 'string' || column.trim() === '') return 'This field may not be blank.';
  const prefix = 'filter:tasks:';
  if (!column.startsWith(prefix)) return `Filter "${column}" should start with "${prefix}"`;
  let rest = column.slice(prefix.length);
  if (rest.startsWith('-')) rest = rest.slice(1);
  if (rest.startsWith('data.') || !rest.includes('__')) return null;
  return (
    `"__" is not generally allowed in filters. Consider asking your administrator to add "${rest}" ` +
    'to DATA_MANAGER_FILTER_ALLOWLIST, but note that some filter expressions may pose a security risk'
  );
}

const IN_LIST_COLUMNS = new Set(['id', 'inner_id', 'total_annotations', 'total_predictions', 'cancelled_annotations']);

/** Label Studio checks `is any of` / `is none of` filters when a view is saved, not only when used. */
function inListError(column: string, operator: string, value: unknown): string | null {
  if (operator !== 'in_list' && operator !== 'not_in_list') return null;
  const name = column.slice('filter:tasks:'.length);
  if (!name.startsWith('data.') && !IN_LIST_COLUMNS.has(name)) {
    return '`is any of` / `is none of` support Task ID, Inner ID, annotation/prediction counters, and task.data.* fields.';
  }
  return Array.isArray(value) ? null : 'Filter value must be a list for `is any of` / `is none of`.';
}

function toStoredFilter(raw: unknown, errors: Record<string, string[]>): StoredFilter {
  const item = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : String(item[key] ?? ''));
  const column = item.filter ?? '';
  const error = columnError(column);
  if (error) errors.column = [error];
  for (const key of ['operator', 'type'] as const)
    if (text(key).trim() === '') errors[key] = ['This field may not be blank.'];
  const listError = inListError(text('filter'), text('operator'), item.value);
  if (listError) errors.non_field_errors = [listError];
  const stored: StoredFilter = {
    filter: text('filter'),
    operator: text('operator'),
    type: text('type'),
    value: item.value ?? {},
  };
  if (item.child_filter) stored.child_filter = toStoredFilter(item.child_filter, errors);
  return stored;
}

/** The filter group from `data.filters`, with DRF's per-item errors for bad columns. */
function readFilterGroup(filters: unknown): StoredFilterGroup | undefined {
  if (filters === null || typeof filters !== 'object' || Array.isArray(filters)) return undefined;
  const { conjunction, items } = filters as Record<string, unknown>;
  if (!isTruthy(conjunction)) return undefined;
  const list = Array.isArray(items) ? items : [];
  const errors = list.map(() => ({}) as Record<string, string[]>);
  const stored = list.map((item, index) => toStoredFilter(item, errors[index]!));
  if (errors.some((error) => Object.keys(error).length > 0)) {
    throw new ValidationError({ filter_group: { filters: errors } });
  }
  return { conjunction: String(conjunction), items: stored };
}

/** A create or update body's `data` (absent means `{}`). */
export function readViewInput(body: Record<string, unknown>): ViewInput {
  const raw = body.data ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ValidationError({ data: [`Expected a dictionary of items but got type "${pythonTypeName(raw)}".`] });
  }
  const { filters, ordering, ...rest } = raw as Record<string, unknown>;
  return { data: rest, filterGroup: readFilterGroup(filters), ordering: ordering ?? {} };
}

/** A view's stored filters, ordering and selection as the task list and actions use them. */
export function viewPrepareParams(row: ViewRow): PrepareParams {
  const ordering = parseJson(row.ordering, {});
  const selected = parseJson(row.selected_items, {});
  const params = readPrepareParams(row.project, {
    filters: parseJson(row.filter_group, null),
    ordering: Array.isArray(ordering) ? ordering : [],
    ...(isTruthy(selected) ? { selectedItems: selected } : {}),
  });
  // Label Studio applies a view's stored selection only when it has one.
  return { ...params, selectedItems: isTruthy(selected) ? params.selectedItems : null };
}

import { z } from 'zod';
import { ValidationError } from '../errors.js';

/*
 * Label Studio's PrepareParams (data_manager/prepare_params.py): what selects and orders tasks
 * for the task list and for actions. It comes from the `query` URL parameter (read by
 * server/queryParameter.ts), from a request body (actions), or from a stored view.
 */

export interface RangeValue {
  min: number | string;
  max: number | string;
}

export type FilterValue = number | boolean | string | RangeValue | unknown[] | Record<string, unknown> | null;

export interface FilterItem {
  filter: string;
  operator: string;
  type: string;
  value: FilterValue;
  child_filter?: FilterItem | null;
}

export interface Filters {
  conjunction: 'and' | 'or';
  items: FilterItem[];
}

export interface SelectedItems {
  all: boolean;
  included: number[];
  excluded: number[];
}

export interface PrepareParams {
  project: number;
  filters: Filters | null;
  selectedItems: SelectedItems | null;
  ordering: string[];
}

// A filter's value may be null in stored views (Label Studio then skips the line), so null is
// accepted here instead of failing the whole request as pydantic would.
const filterValue: z.ZodType<FilterValue> = z.union([
  z.number(),
  z.boolean(),
  z.string(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
  z.null(),
]);

const filterItem: z.ZodType<FilterItem> = z.lazy(() =>
  z.object({
    filter: z.string(),
    operator: z.string(),
    type: z.string(),
    value: filterValue,
    child_filter: filterItem.nullable().optional(),
  }),
);

const filters = z.object({ conjunction: z.enum(['and', 'or']), items: z.array(filterItem) });

const ids = z.array(z.number().int());
const selectedItems = z.object({ all: z.boolean(), included: ids.default([]), excluded: ids.default([]) });

const SELECTED_MESSAGE = 'selectedItems must be dict: {"all": [true|false], "excluded | included": [...task_ids...]}';

function fail(path: string, message: string): never {
  throw new ValidationError({ [path]: [message] });
}

function check<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  return fail([path, ...issue.path.map(String)].join('.'), issue.message);
}

/** selectedItems as a dict or as a JSON string of one; absent means every task. */
function readSelectedItems(raw: unknown): SelectedItems {
  if (raw === undefined) return { all: true, included: [], excluded: [] };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      fail('selectedItems', SELECTED_MESSAGE);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('selectedItems', SELECTED_MESSAGE);
  return check(selectedItems, value, 'selectedItems');
}

/** Filters, selectedItems and ordering from a parsed query object or request body. */
export function readPrepareParams(project: number, data: Record<string, unknown>): PrepareParams {
  const rawFilters = data.filters;
  const rawOrdering = data.ordering;
  return {
    project,
    filters: rawFilters === undefined || rawFilters === null ? null : check(filters, rawFilters, 'filters'),
    selectedItems: readSelectedItems(data.selectedItems),
    ordering:
      rawOrdering === undefined || rawOrdering === null ? [] : check(z.array(z.string()), rawOrdering, 'ordering'),
  };
}

import { isIndexableDataKey } from '../../db/repos/taskColumnSql.js';
import type { Comparison, DataKeyColumn, TaskColumn, TaskCondition } from '../../db/repos/taskQuery.js';
import { castBool, castRange, castValue, invalidFilter, normalizeList } from './filterValues.js';
import type { FilterItem, Filters } from './prepareParams.js';
import {
  compileAnnotationIdsFilter,
  compileModelVersionsFilter,
  compileResultsFilter,
  compileUserFilter,
  type ItemResult,
} from './relatedFilters.js';
import { isDataColumn, parseColumnName, taskColumn } from './taskColumns.js';

/*
 * Label Studio's apply_filters as a typed task condition (db/repos/taskQuery.ts): every column
 * goes through the allowlist of taskColumns.ts and the repository binds every value. A filter
 * item and its child_filter form one line (ANDed); lines are joined by the conjunction.
 */

/** A data key an index could serve, for the on-demand index of dataKeyIndexes.ts. */
export interface IndexHint {
  column: DataKeyColumn;
  /** An equality filter: the index can then also deliver the ordering that follows it. */
  equality: boolean;
}

export interface CompiledFilters {
  /** The condition, or null when nothing is filtered. */
  where: TaskCondition | null;
  /** Label Studio returns no tasks at all (an invalid regex, a results equality that is not JSON). */
  matchesNothing: boolean;
  indexHint: IndexHint | null;
}

const FILTER_PREFIX = 'filter:tasks:';
const COUNTERS = new Set(['total_annotations', 'cancelled_annotations', 'total_predictions']);
const IN_LIST_COLUMNS = new Set(['id', 'inner_id', 'total_annotations', 'total_predictions', 'cancelled_annotations']);
const RANGE_OPERATORS: Record<string, Comparison> = {
  less: 'less',
  greater: 'greater',
  less_or_equal: 'less_or_equal',
  greater_or_equal: 'greater_or_equal',
};

/**
 * Django negates a lookup on a data key or an annotated column as plain SQL NOT, so a task
 * without a value (NULL) matches neither the filter nor its negation; Label Studio's own tests
 * count on it (`not_in_list` leaves out tasks missing the key). The generic path has no nullable
 * model column (updated_by is a user filter), so no negation here needs Django's IS NULL branch.
 */
function negate(condition: TaskCondition): TaskCondition {
  return { op: 'not', of: condition };
}

function regexIsValid(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** The generic path of apply_filters for a column. */
function compileColumnFilter(name: string, item: FilterItem): ItemResult {
  const found = taskColumn(name);
  if (!found) return invalidFilter(`Unknown filter column "${item.filter}"`);
  let operator = item.operator;
  let value: unknown = item.value;
  const isData = typeof found !== 'string';
  // Label Studio casts data values to a number for Number filters, so "50" passes `greater 5`.
  const column: TaskColumn = isData && item.type === 'Number' ? { ...found, asNumber: true } : found;

  if (operator === 'in_list' || operator === 'not_in_list') {
    if (!isData && !IN_LIST_COLUMNS.has(name)) {
      invalidFilter(
        '`is any of` / `is none of` support Task ID, Inner ID, annotation/prediction counters, and task.data.* fields.',
      );
    }
    const values = normalizeList(item);
    if (values.length === 0) return operator === 'in_list' ? { op: 'nothing' } : 'skip';
    const condition: TaskCondition = { op: 'inList', column, values };
    return operator === 'in_list' ? condition : negate(condition);
  }
  // For the counters, "empty" means zero.
  if (COUNTERS.has(name) && operator === 'empty') {
    operator = castBool(value) ? 'equal' : 'not_equal';
    value = 0;
  }
  if (operator === 'empty') {
    const empty = castBool(value);
    if (item.type === 'String' || item.type === 'Unknown') {
      const blank: TaskCondition = { op: 'isBlank', column };
      return empty ? blank : negate(blank);
    }
    return { op: empty ? 'isNull' : 'isNotNull', column };
  }
  if (operator === 'regex') {
    const pattern = String(value);
    if (!regexIsValid(pattern)) return 'none';
    return { op: 'matchesRegex', column, pattern };
  }
  if (operator === 'contains' || operator === 'not_contains') {
    const condition: TaskCondition = {
      op: 'containsIgnoringCase',
      column,
      text: String(castValue('String', value)),
    };
    return operator === 'contains' ? condition : negate(condition);
  }
  if (operator === 'in' || operator === 'not_in') {
    const [min, max] = castRange(item);
    const condition: TaskCondition = { op: 'between', column, min, max };
    return operator === 'in' ? condition : negate(condition);
  }
  const comparison = RANGE_OPERATORS[operator];
  if (comparison) return { op: 'compare', column, comparison, value: castValue(item.type, value) };
  // equal, and whatever else Label Studio does not know (starts_with, exists, ...), is an
  // equality; an unknown operator starting with `not_` is the negated equality.
  const condition: TaskCondition = { op: 'compare', column, comparison: 'equal', value: castValue(item.type, value) };
  return operator.startsWith('not_') ? negate(condition) : condition;
}

function compileItem(item: FilterItem): ItemResult {
  const { name } = parseColumnName(item.filter);
  if (name === 'annotators' || name === 'updated_by') {
    if (item.operator === 'in_list' || item.operator === 'not_in_list') return compileColumnFilter(name, item);
    return compileUserFilter(name, item);
  }
  const special =
    name === 'annotations_results' || name === 'predictions_results'
      ? compileResultsFilter(name, item)
      : name === 'annotations_ids'
        ? compileAnnotationIdsFilter(item)
        : name === 'predictions_model_versions'
          ? compileModelVersionsFilter(item)
          : null;
  return special ?? compileColumnFilter(name, item);
}

/** The first data-key filter of an AND query that an index over its value could answer. */
function hintFor(item: FilterItem): IndexHint | null {
  const { name } = parseColumnName(item.filter);
  if (!isDataColumn(name) || item.child_filter) return null;
  const dataKey = name.slice('data.'.length);
  if (!isIndexableDataKey(dataKey)) return null;
  const column: DataKeyColumn = item.type === 'Number' ? { dataKey, asNumber: true } : { dataKey };
  if (item.operator === 'equal') return { column, equality: true };
  if (item.operator === 'in' || item.operator in RANGE_OPERATORS) return { column, equality: false };
  return null;
}

export function compileFilters(filters: Filters | null): CompiledFilters {
  const empty: CompiledFilters = { where: null, matchesNothing: false, indexHint: null };
  if (!filters) return empty;
  const lines: TaskCondition[] = [];
  let indexHint: IndexHint | null = null;
  for (const parent of filters.items) {
    const parts: TaskCondition[] = [];
    for (const item of [parent, ...(parent.child_filter ? [parent.child_filter] : [])]) {
      const isChild = item !== parent;
      // Label Studio only filters tasks; other targets and empty values are no constraint.
      if (!item.filter.startsWith(FILTER_PREFIX) || item.value === null) {
        if (isChild) continue;
        break;
      }
      const result = compileItem(item);
      if (result === 'none') return { where: null, matchesNothing: true, indexHint: null };
      if (result === 'skip_line') {
        if (isChild) continue;
        break;
      }
      if (result !== 'skip') parts.push(result);
    }
    if (parts.length === 0) continue;
    lines.push({ op: 'all', of: parts });
    if (filters.conjunction === 'and' && indexHint === null && parts.length === 1) indexHint = hintFor(parent);
  }
  if (lines.length === 0) return empty;
  return {
    where: { op: filters.conjunction === 'or' ? 'any' : 'all', of: lines },
    matchesNothing: false,
    indexHint: filters.conjunction === 'or' && lines.length > 1 ? null : indexHint,
  };
}

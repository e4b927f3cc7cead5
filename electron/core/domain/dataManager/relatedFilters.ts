import { castBool, castValue, invalidFilter, parseUserIds } from './filterValues.js';
import type { FilterItem } from './prepareParams.js';
import type { SqlPart } from './taskColumns.js';

/*
 * Filters over a task's annotations, predictions and users. Label Studio filters these through
 * Django joins, so a filter holds when ANY related row matches, and its negation when none does:
 * here that is EXISTS / NOT EXISTS over the (task, id) indexes, which also never repeats a task.
 */

/** What a filter compiles to: SQL, no constraint for this item, no constraint for the whole line, or no tasks at all. */
export type ItemResult = SqlPart | 'skip' | 'skip_line' | 'none';

const ANNOTATIONS = 'FROM annotations a WHERE a.task = t.id';
const PREDICTIONS = 'FROM predictions p WHERE p.task = t.id';
const IN_LIST = 'IN (SELECT value FROM json_each(?))';

function exists(from: string, condition = '', params: unknown[] = []): SqlPart {
  return { sql: `EXISTS (SELECT 1 ${from}${condition ? ` AND ${condition}` : ''})`, params };
}

function not(part: SqlPart): SqlPart {
  return { sql: `NOT ${part.sql}`, params: part.params };
}

const USER_OPERATORS: Record<string, 'contains' | 'not_contains' | 'empty'> = {
  contains: 'contains',
  not_contains: 'not_contains',
  empty: 'empty',
  // Label Studio still reads older views that used scalar operators on user columns.
  equal: 'contains',
  not_equal: 'not_contains',
};

/** `annotators` (anyone who annotated the task) and `updated_by` (the last updater). */
export function compileUserFilter(name: 'annotators' | 'updated_by', item: FilterItem): ItemResult {
  const operator = USER_OPERATORS[item.operator];
  if (Array.isArray(item.value) && operator !== 'contains' && operator !== 'not_contains') {
    invalidFilter('List-valued user filters support only these operators: contains, not_contains.');
  }
  if (operator === undefined) {
    invalidFilter(
      `User filter "${name}" does not support operator "${item.operator}". Allowed: contains, empty, not_contains.`,
    );
  }
  if (operator === 'empty') {
    const empty = castBool(item.value);
    if (name === 'updated_by') return { sql: `t.updated_by IS ${empty ? '' : 'NOT '}NULL`, params: [] };
    if (!empty) return exists(ANNOTATIONS, 'a.completed_by IS NOT NULL');
    return {
      sql: `(NOT ${exists(ANNOTATIONS).sql} OR ${exists(ANNOTATIONS, 'a.completed_by IS NULL').sql})`,
      params: [],
    };
  }
  const ids = parseUserIds(item.value);
  if (ids.length === 0) return 'skip_line';
  const params = [JSON.stringify(ids)];
  if (name === 'updated_by') {
    return operator === 'contains'
      ? { sql: `t.updated_by ${IN_LIST}`, params }
      : { sql: `NOT ifnull(t.updated_by ${IN_LIST}, 0)`, params };
  }
  const match = exists(ANNOTATIONS, `a.completed_by ${IN_LIST}`, params);
  return operator === 'contains' ? match : not(match);
}

/** A result of SQL NULL in Label Studio is stored by Outpost as the JSON text 'null'. */
const EMPTY_RESULT =
  "(a.result = 'null' OR (json_valid(a.result) AND json_type(a.result) = 'array' AND json_array_length(a.result) = 0))";

/**
 * `annotations_results` / `predictions_results` with equal, not_equal, contains, not_contains or
 * empty (other operators use the aggregated text column). Equality compares JSON values; an
 * equality value that is not JSON text makes Label Studio return no tasks at all.
 */
export function compileResultsFilter(name: string, item: FilterItem): ItemResult | null {
  const from = name === 'annotations_results' ? ANNOTATIONS : PREDICTIONS;
  const alias = name === 'annotations_results' ? 'a' : 'p';
  switch (item.operator) {
    case 'equal':
    case 'not_equal': {
      if (typeof item.value !== 'string') return 'none';
      let parsed: unknown;
      try {
        parsed = JSON.parse(item.value);
      } catch {
        return 'none';
      }
      const match = exists(from, `json_valid(${alias}.result) AND json(${alias}.result) = json(?)`, [
        JSON.stringify(parsed),
      ]);
      return item.operator === 'equal' ? match : not(match);
    }
    case 'contains':
    case 'not_contains': {
      const match = exists(from, `instr(${alias}.result, ?) > 0`, [String(castValue('String', item.value))]);
      return item.operator === 'contains' ? match : not(match);
    }
    case 'empty':
      // Label Studio tests the task's annotations here for both columns.
      if (castBool(item.value))
        return { sql: `(NOT ${exists(ANNOTATIONS).sql} OR ${exists(ANNOTATIONS, EMPTY_RESULT).sql})`, params: [] };
      return {
        sql: `(${exists(ANNOTATIONS, 'a.result IS NOT NULL').sql} AND NOT ${exists(ANNOTATIONS, EMPTY_RESULT).sql})`,
        params: [],
      };
    default:
      return null;
  }
}

const COMPARISONS: Record<string, string> = {
  equal: '=',
  not_equal: '=',
  less: '<',
  greater: '>',
  less_or_equal: '<=',
  greater_or_equal: '>=',
};

/**
 * `annotations_ids`: "contains" takes ids separated by commas, semicolons or spaces; comparisons
 * with a value that is not all digits compare with 0; "empty" means no annotations.
 */
export function compileAnnotationIdsFilter(item: FilterItem): ItemResult | null {
  if (item.operator === 'contains' || item.operator === 'not_contains') {
    if (typeof item.value !== 'string') invalidFilter('annotations_ids "contains" needs a string of ids');
    const ids = item.value
      .split(/[,; ]/)
      .filter((part) => /^\d+$/.test(part))
      .map(Number);
    const match = exists(ANNOTATIONS, `a.id ${IN_LIST}`, [JSON.stringify(ids)]);
    return item.operator === 'contains' ? match : not(match);
  }
  if (item.operator === 'empty') return castBool(item.value) ? not(exists(ANNOTATIONS)) : exists(ANNOTATIONS);
  const comparison = COMPARISONS[item.operator];
  if (comparison === undefined) return null;
  const raw = item.value;
  const value =
    item.operator.includes('equal') && !(typeof raw === 'string' && /^\d+$/.test(raw)) ? 0 : castValue(item.type, raw);
  const match = exists(ANNOTATIONS, `a.id ${comparison} ?`, [value]);
  return item.operator === 'not_equal' ? not(match) : match;
}

/** `predictions_model_versions`: contains any of / none of the listed versions (substrings), or empty. */
export function compileModelVersionsFilter(item: FilterItem): ItemResult | null {
  if (item.operator === 'empty') return castBool(item.value) ? not(exists(PREDICTIONS)) : exists(PREDICTIONS);
  if (item.operator !== 'contains' && item.operator !== 'not_contains') return null;
  const versions = (Array.isArray(item.value) ? item.value : [item.value]).map((value) => String(value));
  if (versions.length === 0) return 'skip';
  const parts = versions.map((version) => exists(PREDICTIONS, 'instr(p.model_version, ?) > 0', [version]));
  const joined = parts.map((part) => (item.operator === 'contains' ? part.sql : `NOT ${part.sql}`));
  return {
    sql: `(${joined.join(item.operator === 'contains' ? ' OR ' : ' AND ')})`,
    params: parts.flatMap((part) => part.params),
  };
}

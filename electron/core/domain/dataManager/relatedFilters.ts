import type {
  AnnotationField,
  Comparison,
  PredictionField,
  RelatedCondition,
  TaskCondition,
} from '../../db/repos/taskQuery.js';
import { castBool, castValue, invalidFilter, parseUserIds } from './filterValues.js';
import type { FilterItem } from './prepareParams.js';

/*
 * Filters over a task's annotations, predictions and users. Label Studio filters these through
 * Django joins, so a filter holds when ANY related row matches, and its negation when none does:
 * an `exists` condition (the repository runs it as EXISTS over the (task, id) indexes, which
 * also never repeats a task).
 */

/** What a filter compiles to: a condition, no constraint for this item, no constraint for the whole line, or no tasks at all. */
export type ItemResult = TaskCondition | 'skip' | 'skip_line' | 'none';

function annotationExists(where?: RelatedCondition<AnnotationField>): TaskCondition {
  return where ? { op: 'exists', table: 'annotations', where } : { op: 'exists', table: 'annotations' };
}

function predictionExists(where?: RelatedCondition<PredictionField>): TaskCondition {
  return where ? { op: 'exists', table: 'predictions', where } : { op: 'exists', table: 'predictions' };
}

function not(condition: TaskCondition): TaskCondition {
  return { op: 'not', of: condition };
}

function either(...conditions: TaskCondition[]): TaskCondition {
  return { op: 'any', of: conditions };
}

function both(...conditions: TaskCondition[]): TaskCondition {
  return { op: 'all', of: conditions };
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
    if (name === 'updated_by') return { op: empty ? 'isNull' : 'isNotNull', column: 'updated_by' };
    if (!empty) return annotationExists({ op: 'isNotNull', field: 'completed_by' });
    return either(not(annotationExists()), annotationExists({ op: 'isNull', field: 'completed_by' }));
  }
  const ids = parseUserIds(item.value);
  if (ids.length === 0) return 'skip_line';
  if (name === 'updated_by') {
    const listed: TaskCondition = { op: 'inList', column: 'updated_by', values: ids };
    // A task nobody updated is "not updated by" anyone.
    return operator === 'contains' ? listed : either({ op: 'isNull', column: 'updated_by' }, not(listed));
  }
  const match = annotationExists({ op: 'inList', field: 'completed_by', values: ids });
  return operator === 'contains' ? match : not(match);
}

/**
 * `annotations_results` / `predictions_results` with equal, not_equal, contains, not_contains or
 * empty (other operators use the aggregated text column). Equality compares JSON values; an
 * equality value that is not JSON text makes Label Studio return no tasks at all.
 */
export function compileResultsFilter(name: string, item: FilterItem): ItemResult | null {
  const exists = (where: RelatedCondition<'result'>) =>
    name === 'annotations_results' ? annotationExists(where) : predictionExists(where);
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
      const match = exists({ op: 'jsonEquals', field: 'result', json: JSON.stringify(parsed) });
      return item.operator === 'equal' ? match : not(match);
    }
    case 'contains':
    case 'not_contains': {
      const match = exists({ op: 'includes', field: 'result', text: String(castValue('String', item.value)) });
      return item.operator === 'contains' ? match : not(match);
    }
    case 'empty': {
      // Label Studio tests the task's annotations here for both columns.
      const emptyResult = annotationExists({ op: 'isEmptyResult', field: 'result' });
      if (castBool(item.value)) return either(not(annotationExists()), emptyResult);
      return both(annotationExists({ op: 'isNotNull', field: 'result' }), not(emptyResult));
    }
    default:
      return null;
  }
}

const COMPARISONS: Record<string, Comparison> = {
  equal: 'equal',
  not_equal: 'equal',
  less: 'less',
  greater: 'greater',
  less_or_equal: 'less_or_equal',
  greater_or_equal: 'greater_or_equal',
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
    const match = annotationExists({ op: 'inList', field: 'id', values: ids });
    return item.operator === 'contains' ? match : not(match);
  }
  if (item.operator === 'empty') return castBool(item.value) ? not(annotationExists()) : annotationExists();
  const comparison = COMPARISONS[item.operator];
  if (comparison === undefined) return null;
  const raw = item.value;
  const value =
    item.operator.includes('equal') && !(typeof raw === 'string' && /^\d+$/.test(raw)) ? 0 : castValue(item.type, raw);
  const match = annotationExists({ op: 'compare', field: 'id', comparison, value });
  return item.operator === 'not_equal' ? not(match) : match;
}

/** `predictions_model_versions`: contains any of / none of the listed versions (substrings), or empty. */
export function compileModelVersionsFilter(item: FilterItem): ItemResult | null {
  if (item.operator === 'empty') return castBool(item.value) ? not(predictionExists()) : predictionExists();
  if (item.operator !== 'contains' && item.operator !== 'not_contains') return null;
  const versions = (Array.isArray(item.value) ? item.value : [item.value]).map((value) => String(value));
  if (versions.length === 0) return 'skip';
  const matches = versions.map((version) =>
    predictionExists({ op: 'includes', field: 'model_version', text: version }),
  );
  return item.operator === 'contains' ? either(...matches) : both(...matches.map(not));
}

/*
 * Data Manager filters in Label Studio's shape (docs/label-studio-compatibility.md#data-manager):
 * `{conjunction, items: [{filter: "filter:tasks:<column>", operator, type, value}]}`, and the
 * operators each column type offers.
 */

import type { DmFilterItem, DmFilters } from '../../../../shared/api/dataManager';

export type Conjunction = DmFilters['conjunction'];
export type FilterItem = DmFilterItem;
export type Filters = DmFilters;

export const FILTER_PREFIX = 'filter:tasks:';

export const OPERATOR_LABELS: Record<string, string> = {
  equal: 'is',
  not_equal: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  greater: 'is greater than',
  greater_or_equal: 'is at least',
  less: 'is less than',
  less_or_equal: 'is at most',
  empty: 'is empty',
};

const OPERATORS_BY_TYPE: Record<string, string[]> = {
  Number: ['equal', 'not_equal', 'greater', 'greater_or_equal', 'less', 'less_or_equal', 'empty'],
  Datetime: ['greater', 'less', 'empty'],
  Boolean: ['equal'],
  List: ['contains', 'not_contains', 'empty'],
  String: ['contains', 'not_contains', 'equal', 'not_equal', 'starts_with', 'ends_with', 'empty'],
};

/** The operators a column type offers; media and unknown types filter as text. */
export function operatorsFor(type: string): string[] {
  return OPERATORS_BY_TYPE[type] ?? OPERATORS_BY_TYPE.String!;
}

/** What the value input of an operator edits. */
export type ValueKind = 'text' | 'number' | 'date' | 'boolean' | 'emptiness';

export function valueKindFor(type: string, operator: string): ValueKind {
  if (operator === 'empty') return 'emptiness';
  if (type === 'Number') return 'number';
  if (type === 'Datetime') return 'date';
  if (type === 'Boolean') return 'boolean';
  return 'text';
}

/** The starting value for a column type and operator. */
export function defaultValue(type: string, operator: string): unknown {
  const kind = valueKindFor(type, operator);
  if (kind === 'emptiness' || kind === 'boolean') return kind === 'emptiness' ? false : true;
  if (kind === 'number') return 0;
  return '';
}

/** Label Studio's datetime filters need exactly `%Y-%m-%dT%H:%M:%S.%fZ`. */
export function datetimeFilterValue(date: string): string {
  return `${date}T00:00:00.000000Z`;
}

export function dateInputValue(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

export function newFilterItem(columnId: string, type: string): FilterItem {
  const operator = operatorsFor(type)[0]!;
  return { filter: `${FILTER_PREFIX}${columnId}`, operator, type, value: defaultValue(type, operator) };
}

export function columnOfFilter(item: FilterItem): string {
  return item.filter.startsWith(FILTER_PREFIX) ? item.filter.slice(FILTER_PREFIX.length) : item.filter;
}

/** A filter line is complete when it has a value to compare with (text filters need some text). */
export function isCompleteFilter(item: FilterItem): boolean {
  if (item.value === null || item.value === undefined) return false;
  if (typeof item.value === 'string') return item.value.trim() !== '';
  if (typeof item.value === 'number') return Number.isFinite(item.value);
  return true;
}

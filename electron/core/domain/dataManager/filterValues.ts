import { parseDjangoDateTime } from '../djangoDateTime.js';
import { ValidationError } from '../errors.js';
import type { FilterItem, RangeValue } from './prepareParams.js';

/*
 * Filter value conversions as Label Studio's cast_value and cast_bool_from_str do them. Values
 * are always bound as SQL parameters: booleans become 0/1 because SQLite has no boolean type.
 */

export type SqlValue = number | string | null;

/** Label Studio's DATETIME_FORMAT `%Y-%m-%dT%H:%M:%S.%fZ`, exactly (1 to 6 fraction digits). */
const DATETIME_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z$/;

export function invalidFilter(message: string): never {
  throw new ValidationError({ filters: [message] });
}

/** cast_bool_from_str: the usual words for true and false, anything else is an error. */
export function castBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const word = value.toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(word)) return true;
    if (['false', 'no', 'not', 'off', '0', 'none', 'null'].includes(word)) return false;
  }
  return invalidFilter(`Incorrect bool value string ${String(value)}`);
}

/** Python's float(): numbers, booleans and numeric strings. */
export function castNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    if (!Number.isNaN(parsed)) return parsed;
  }
  return invalidFilter(`could not convert string to float: '${String(value)}'`);
}

/**
 * A Datetime value in Label Studio's exact format becomes Outpost's stored form (six fraction
 * digits), so comparisons are text comparisons; any other text is compared as it is, as Label
 * Studio leaves a value it cannot parse unconverted.
 */
function castDatetime(value: unknown): SqlValue {
  if (typeof value === 'string' && DATETIME_VALUE.test(value)) return parseDjangoDateTime(value) ?? value;
  return scalar(value);
}

/**
 * A value as SQL compares it. Objects and lists (the UI stores `{}` for a filter not filled in
 * yet) become their JSON text, which matches no task value, as in Label Studio.
 */
function scalar(value: unknown): SqlValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value === null || value === undefined) return null;
  return JSON.stringify(value);
}

/** One filter value converted by its declared type. */
export function castValue(type: string, value: unknown): SqlValue {
  if (type === 'Number') return castNumber(value);
  if (type === 'Datetime') return castDatetime(value);
  if (type === 'Boolean') return castBool(value) ? 1 : 0;
  return scalar(value);
}

export function isRange(value: FilterItem['value']): value is RangeValue {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'min' in value && 'max' in value;
}

/** The `in` / `not_in` bounds, converted like single values. */
export function castRange(item: FilterItem): [SqlValue, SqlValue] {
  if (!isRange(item.value)) return invalidFilter(`Filter "${item.filter}" needs a {"min": …, "max": …} value`);
  return [castValue(item.type, item.value.min), castValue(item.type, item.value.max)];
}

/**
 * in_list / not_in_list values (Label Studio's _normalize_in_list_value): strings are trimmed and
 * unquoted, blanks dropped, duplicates dropped, and for Number filters non-numbers dropped.
 */
export function normalizeList(item: FilterItem): SqlValue[] {
  if (!Array.isArray(item.value)) return invalidFilter('Filter value must be a list for `is any of` / `is none of`.');
  const seen = new Set<SqlValue>();
  for (const raw of item.value) {
    let value: unknown = raw;
    if (typeof value === 'string') {
      let text = value.trim();
      if (text.length >= 2 && /^(["']).*\1$/s.test(text)) text = text.slice(1, -1).trim();
      if (text === '') continue;
      value = text;
    }
    if (item.type === 'Number') {
      const number = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
      if (Number.isNaN(number)) continue;
      value = number;
    }
    if (typeof value === 'boolean') value = value ? 1 : 0;
    if (typeof value === 'number' || typeof value === 'string') seen.add(value);
  }
  return [...seen];
}

/** User ids for user filters (parse_user_filter_ids): a scalar or a list of integers. */
export function parseUserIds(value: unknown): number[] {
  const raw = Array.isArray(value) ? value : [value];
  const ids: number[] = [];
  for (const item of raw) {
    const id = typeof item === 'string' && /^\s*-?\d+\s*$/.test(item) ? Number(item) : item;
    if (typeof id !== 'number' || !Number.isInteger(id)) invalidFilter('User filter values must be integer ids.');
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

import { TASK_COLUMN_NAMES, type TaskColumn, type TaskColumnName } from '../../db/repos/taskQuery.js';
import { ValidationError } from '../errors.js';

/*
 * The Data Manager's task columns by name. Only the built-in names (taskQuery.ts) and
 * `data.<key>` are columns: a filter or ordering naming anything else is refused before any
 * query is built.
 */

/** Longest data key accepted in a filter or ordering. */
const MAX_KEY_LENGTH = 256;

const BUILT_IN: ReadonlySet<string> = new Set(TASK_COLUMN_NAMES);

/** A column name after Label Studio's prefixes (`filter:`, `tasks:`, `-`) are removed. */
export interface ColumnName {
  name: string;
  descending: boolean;
}

/** Label Studio's preprocess_field_name: the prefixes only count at the start of the string. */
export function parseColumnName(raw: string): ColumnName {
  let name = raw;
  let descending = false;
  if (name.startsWith('-')) {
    descending = true;
    name = name.slice(1);
  }
  for (const prefix of ['filter:', 'tasks:']) if (name.startsWith(prefix)) name = name.slice(prefix.length);
  if (!descending && name.startsWith('-')) {
    descending = true;
    name = name.slice(1);
  }
  return { name, descending };
}

export function isDataColumn(name: string): boolean {
  return name.startsWith('data.') && name.length > 'data.'.length;
}

/**
 * The column a name stands for, or null for a name that is not a task column. Label Studio
 * treats everything after `data.` as one top-level key.
 */
export function taskColumn(name: string): TaskColumn | null {
  if (isDataColumn(name)) {
    const key = name.slice('data.'.length);
    if (key.length > MAX_KEY_LENGTH)
      throw new ValidationError({ filters: [`Data key is too long: ${key.slice(0, 32)}…`] });
    return { dataKey: key };
  }
  return BUILT_IN.has(name) ? (name as TaskColumnName) : null;
}

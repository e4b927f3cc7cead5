import { ValidationError } from '../errors.js';

/*
 * The Data Manager's task columns as SQL over the `tasks` row aliased `t`. Only the names below
 * (and `data.<key>`) reach SQL: a filter or ordering naming anything else is refused before any
 * SQL is built. Computed columns are correlated subqueries over the task's own annotations,
 * predictions and drafts, each an index probe on (task, id).
 */

export interface SqlPart {
  sql: string;
  params: unknown[];
}

export interface ColumnSql {
  /** The column's value as Label Studio's queryset annotates it. */
  sql: string;
  /** Can be NULL, so an ordering must put NULLs last in both directions (Label Studio's nulls_last). */
  nullable: boolean;
}

const COMPLETED_AT =
  '(CASE WHEN t.is_labeled THEN (SELECT a.created_at FROM annotations a WHERE a.task = t.id ORDER BY a.id DESC LIMIT 1) END)';

/** Label Studio's SQLite annotations: GROUP_CONCAT of the related rows, '' when there are none. */
export const TASK_COLUMNS: Readonly<Record<string, ColumnSql>> = {
  id: { sql: 't.id', nullable: false },
  inner_id: { sql: 't.inner_id', nullable: false },
  total_annotations: { sql: 't.total_annotations', nullable: false },
  cancelled_annotations: { sql: 't.cancelled_annotations', nullable: false },
  total_predictions: { sql: 't.total_predictions', nullable: false },
  created_at: { sql: 't.created_at', nullable: false },
  updated_at: { sql: 't.updated_at', nullable: false },
  updated_by: { sql: 't.updated_by', nullable: true },
  completed_at: { sql: COMPLETED_AT, nullable: true },
  avg_lead_time: { sql: '(SELECT avg(a.lead_time) FROM annotations a WHERE a.task = t.id)', nullable: true },
  // The project's chosen model version only, as Label Studio 1.22 computes it (see serializeDmTasks.ts).
  predictions_score: {
    sql: '(SELECT avg(p.score) FROM predictions p WHERE p.task = t.id AND p.model_version = (SELECT pr.model_version FROM projects pr WHERE pr.id = t.project))',
    nullable: true,
  },
  draft_exists: { sql: 'EXISTS (SELECT 1 FROM drafts d WHERE d.task = t.id)', nullable: false },
  file_upload: { sql: '(SELECT f.file FROM file_uploads f WHERE f.id = t.file_upload)', nullable: true },
  // The key of the storage object the task was imported from.
  storage_filename: { sql: '(SELECT l.key FROM storage_import_links l WHERE l.task = t.id)', nullable: true },
  annotators: {
    sql: "coalesce((SELECT group_concat(a.completed_by) FROM annotations a WHERE a.task = t.id), '')",
    nullable: false,
  },
  annotations_results: {
    sql: "coalesce((SELECT group_concat(a.result) FROM annotations a WHERE a.task = t.id), '')",
    nullable: false,
  },
  predictions_results: {
    sql: "coalesce((SELECT group_concat(p.result) FROM predictions p WHERE p.task = t.id), '')",
    nullable: false,
  },
  annotations_ids: { sql: '(SELECT group_concat(a.id) FROM annotations a WHERE a.task = t.id)', nullable: true },
  predictions_model_versions: {
    sql: '(SELECT group_concat(p.model_version) FROM predictions p WHERE p.task = t.id)',
    nullable: true,
  },
};

/** Keys written into SQL as a literal path, so the same text matches an expression index. */
const LITERAL_KEY = /^[A-Za-z0-9_$ .-]{1,64}$/;

/** A data key's expression as written in a CREATE INDEX (no alias), or null when it cannot be indexed. */
export function dataKeyIndexExpression(key: string): string | null {
  return LITERAL_KEY.test(key) ? `json_extract(data, '$."${key}"')` : null;
}

/** Longest data key accepted in a filter or ordering (it travels hex-encoded in a parameter name). */
const MAX_KEY_LENGTH = 256;

/**
 * `data.<key>` as SQL. A plain key becomes a literal JSON path (it passed the pattern above, so
 * it holds no quote or backslash). Any other key is looked up with json_each, which needs no path
 * syntax, and is bound as the named parameter `@dk_<hex of the key>`: the name is derived from the
 * key, so the expression can appear several times in one statement and still bind one value
 * (taskListRepo recovers the values from the SQL text). Label Studio treats everything after
 * `data.` as one top-level key.
 */
export function dataKeyExpression(key: string): string {
  if (LITERAL_KEY.test(key)) return `json_extract(t.data, '$."${key}"')`;
  if (key.length > MAX_KEY_LENGTH)
    throw new ValidationError({ filters: [`Data key is too long: ${key.slice(0, 32)}…`] });
  return `(SELECT j.value FROM json_each(t.data) j WHERE j.key = @dk_${Buffer.from(key, 'utf8').toString('hex')})`;
}

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

/** The column's SQL, or null for a name that is not a task column. */
export function columnSql(name: string): ColumnSql | null {
  if (isDataColumn(name)) return { sql: dataKeyExpression(name.slice('data.'.length)), nullable: true };
  return Object.hasOwn(TASK_COLUMNS, name) ? TASK_COLUMNS[name]! : null;
}

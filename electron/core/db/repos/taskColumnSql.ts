import type { DataKeyColumn, TaskColumn, TaskColumnName } from './taskQuery.js';

/*
 * The Data Manager's task columns as SQL over the `tasks` row aliased `t`. Computed columns are
 * correlated subqueries over the task's own annotations, predictions and drafts, each an index
 * probe on (task, id). Only these names and data keys reach SQL, a data key never as text.
 */

/** A piece of SQL and the values its `?` placeholders bind, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

const COMPLETED_AT =
  '(CASE WHEN t.is_labeled THEN (SELECT a.created_at FROM annotations a LEFT JOIN remote_annotations ra ON ra.annotation = a.id ' +
  'WHERE a.task = t.id ORDER BY ra.annotation IS NULL DESC, ra.remote_annotation_id DESC, a.id DESC LIMIT 1) END)';

interface ColumnSql {
  /** The column's value as Label Studio's queryset annotates it. */
  sql: string;
  /** Can be NULL, so an ordering must put NULLs last in both directions (Label Studio's nulls_last). */
  nullable: boolean;
}

/** Label Studio's SQLite annotations: GROUP_CONCAT of the related rows, '' when there are none. */
const TASK_COLUMNS: Readonly<Record<TaskColumnName, ColumnSql>> = {
  id: { sql: 't.id', nullable: false },
  inner_id: { sql: 't.inner_id', nullable: false },
  total_annotations: { sql: 't.total_annotations', nullable: false },
  cancelled_annotations: { sql: 't.cancelled_annotations', nullable: false },
  total_predictions: { sql: 't.total_predictions', nullable: false },
  overlap: { sql: 't.overlap', nullable: false },
  is_labeled: { sql: 't.is_labeled', nullable: false },
  allow_skip: { sql: 't.allow_skip', nullable: true },
  comment_count: { sql: 't.comment_count', nullable: false },
  unresolved_comment_count: { sql: 't.unresolved_comment_count', nullable: false },
  last_comment_updated_at: { sql: 't.last_comment_updated_at', nullable: true },
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
  // Stored by the domain on every annotation write (domain/agreement); indexed with the project.
  agreement: { sql: 't.agreement', nullable: true },
};

/** Keys written into SQL as a literal path, so the same text matches an expression index. */
const LITERAL_KEY = /^[A-Za-z0-9_$ .-]{1,64}$/;

/** Whether an expression index can hold this data key (dataKeyIndexesRepo.ts). */
export function isIndexableDataKey(key: string): boolean {
  return LITERAL_KEY.test(key);
}

/** A data key's value as written in a CREATE INDEX (no alias); only for indexable keys. */
export function dataKeyIndexExpression(column: DataKeyColumn): string {
  if (!LITERAL_KEY.test(column.dataKey)) throw new Error('Not an indexable data key');
  const value = `json_extract(data, '$."${column.dataKey}"')`;
  return column.asNumber ? `CAST(${value} AS REAL)` : value;
}

/**
 * `data.<key>`: a plain key is a literal JSON path (it passed the pattern above, so it holds no
 * quote or backslash) that matches the expression indexes; any other key is looked up with
 * json_each, which needs no path syntax, and is bound. Label Studio treats everything after
 * `data.` as one top-level key.
 */
function dataKeySql(key: string): SqlPart {
  if (LITERAL_KEY.test(key)) return { sql: `json_extract(t.data, '$."${key}"')`, params: [] };
  return { sql: '(SELECT j.value FROM json_each(t.data) j WHERE j.key = ?)', params: [key] };
}

/** The column's value as SQL. */
export function columnSql(column: TaskColumn): SqlPart {
  if (typeof column === 'string') {
    if (!Object.hasOwn(TASK_COLUMNS, column)) throw new Error(`Unknown task column ${String(column)}`);
    return { sql: TASK_COLUMNS[column].sql, params: [] };
  }
  const value = dataKeySql(column.dataKey);
  return column.asNumber ? { sql: `CAST(${value.sql} AS REAL)`, params: value.params } : value;
}

/** Whether the column can be NULL (data keys always can). */
export function isNullableColumn(column: TaskColumn): boolean {
  return typeof column === 'string' ? TASK_COLUMNS[column].nullable : true;
}

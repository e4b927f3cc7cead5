import type { Db } from '../open.js';
import { statement } from '../statement.js';
import type { AnnotationColumns } from './annotationsRepo.js';
import type { DraftRow } from './draftsRepo.js';
import type { TaskRow } from './tasksRepo.js';
import { taskSetWhere } from './taskConditionSql.js';
import type { SqlPart } from './taskColumnSql.js';
import type { TaskCondition } from './taskQuery.js';

/** A task row with the stored path of its source file upload (`upload/<project>/<name>`), if any. */
export interface ExportTaskRow extends TaskRow {
  file_upload_file: string | null;
}

export interface ExportTaskSelection {
  project: number;
  /** Only these ids (the easy export's `ids[]`), or null for all. */
  ids: readonly number[] | null;
  /** Conditions on the tasks (the repository binds every value). */
  conditions: readonly TaskCondition[];
}

/** The export's task filters. */
export const EXPORT_TASK_CONDITIONS = {
  hasAnnotations: { op: 'exists', table: 'annotations' },
  hasSkipped: {
    op: 'exists',
    table: 'annotations',
    where: { op: 'compare', field: 'was_cancelled', comparison: 'equal', value: 1 },
  },
  hasSubmitted: {
    op: 'exists',
    table: 'annotations',
    where: { op: 'compare', field: 'was_cancelled', comparison: 'equal', value: 0 },
  },
  isLabeled: { op: 'isLabeled' },
} as const satisfies Record<string, TaskCondition>;

function whereOf(selection: ExportTaskSelection): SqlPart {
  const conditions: TaskCondition[] = [...selection.conditions];
  if (selection.ids) conditions.push({ op: 'inList', column: 'id', values: selection.ids });
  return taskSetWhere(selection.project, conditions);
}

/**
 * Rows come back as arrays (better-sqlite3's raw mode) and are made objects here: an object
 * literal per row costs about half of what better-sqlite3 spends building objects column by
 * column, which matters when an export reads every row of a large project.
 */
// prettier-ignore
const TASK_PAGE_COLUMNS = [
  'id', 'project', 'inner_id', 'data', 'meta', 'created_at', 'updated_at', 'updated_by', 'is_labeled', 'overlap',
  'total_annotations', 'cancelled_annotations', 'total_predictions', 'comment_count', 'unresolved_comment_count',
  'last_comment_updated_at', 'file_upload', 'allow_skip',
] as const satisfies readonly (keyof ExportTaskRow)[];

/** A row in raw mode: the selected columns in order (the mappers below index them). */
type RawRow = unknown[];

function taskRowOf(r: RawRow): ExportTaskRow {
  return {
    id: r[0],
    project: r[1],
    inner_id: r[2],
    data: r[3],
    meta: r[4],
    created_at: r[5],
    updated_at: r[6],
    updated_by: r[7],
    is_labeled: r[8],
    overlap: r[9],
    total_annotations: r[10],
    cancelled_annotations: r[11],
    total_predictions: r[12],
    comment_count: r[13],
    unresolved_comment_count: r[14],
    last_comment_updated_at: r[15],
    file_upload: r[16],
    allow_skip: r[17],
    file_upload_file: r[18],
  } as ExportTaskRow;
}

/** One page of the selection by ascending id (keyset paging, so deep pages stay cheap). */
export function listExportTaskPage(
  db: Db,
  selection: ExportTaskSelection,
  afterId: number,
  limit: number,
): ExportTaskRow[] {
  const where = whereOf(selection);
  const rows = statement(
    db,
    `SELECT ${TASK_PAGE_COLUMNS.map((column) => `t.${column}`).join(', ')}, f.file AS file_upload_file
     FROM tasks t LEFT JOIN file_uploads f ON f.id = t.file_upload
     WHERE ${where.sql} AND t.id > ? ORDER BY t.id LIMIT ?`,
  )
    .raw(true)
    .all(...where.params, afterId, limit) as RawRow[];
  return rows.map(taskRowOf);
}

/** Every draft of the given tasks (all users), with the author's name fields, by task then id. */
export function listDraftsOfTasks(db: Db, taskIds: readonly number[]): DraftRow[] {
  if (taskIds.length === 0) return [];
  return statement(
    db,
    `SELECT d.*, u.email AS author_email, u.first_name AS author_first_name, u.last_name AS author_last_name
     FROM drafts d LEFT JOIN users u ON u.id = d.user
     WHERE d.task IN (SELECT value FROM json_each(?)) ORDER BY d.task, d.id`,
  ).all(JSON.stringify(taskIds)) as DraftRow[];
}

/** The prediction ids of the given tasks, by task then id. */
export function listPredictionIdsOfTasks(db: Db, taskIds: readonly number[]): { id: number; task: number }[] {
  if (taskIds.length === 0) return [];
  return statement(
    db,
    'SELECT id, task FROM predictions WHERE task IN (SELECT value FROM json_each(?)) ORDER BY task, id',
  ).all(JSON.stringify(taskIds)) as { id: number; task: number }[];
}

/** An annotation row without its author's fields (the export looks authors up once each). */
export type ExportAnnotationRow = AnnotationColumns & {
  id: number;
  /** The prediction snapshot as JSON text (pulled from a remote), null for the empty object. */
  prediction: string | null;
};

/**
 * Every annotation of the given tasks, by task then id. No join: with one author for thousands
 * of annotations, a join per row costs more than the few author lookups the export makes.
 */
export function listExportAnnotations(db: Db, taskIds: readonly number[]): ExportAnnotationRow[] {
  if (taskIds.length === 0) return [];
  const rows = statement(
    db,
    `SELECT id, task, project, unique_id, result, completed_by, updated_by, was_cancelled, ground_truth, lead_time,
       created_at, updated_at, draft_created_at, import_id, last_action, last_created_by, parent_prediction,
       parent_annotation, bulk_created, result_count, prediction
     FROM annotations WHERE task IN (SELECT value FROM json_each(?)) ORDER BY task, id`,
  )
    .raw(true)
    .all(JSON.stringify(taskIds)) as RawRow[];
  return rows.map(annotationRowOf);
}

function annotationRowOf(r: RawRow): ExportAnnotationRow {
  return {
    id: r[0],
    task: r[1],
    project: r[2],
    unique_id: r[3],
    result: r[4],
    completed_by: r[5],
    updated_by: r[6],
    was_cancelled: r[7],
    ground_truth: r[8],
    lead_time: r[9],
    created_at: r[10],
    updated_at: r[11],
    draft_created_at: r[12],
    import_id: r[13],
    last_action: r[14],
    last_created_by: r[15],
    parent_prediction: r[16],
    parent_annotation: r[17],
    bulk_created: r[18],
    result_count: r[19],
    prediction: r[20],
  } as ExportAnnotationRow;
}

/** The fields of an expanded `completed_by` ({id, email, first_name, last_name}). */
export function findUserNames(
  db: Db,
  id: number,
): { email: string; first_name: string; last_name: string } | undefined {
  return statement(db, 'SELECT email, first_name, last_name FROM users WHERE id = ?').get(id) as
    { email: string; first_name: string; last_name: string } | undefined;
}

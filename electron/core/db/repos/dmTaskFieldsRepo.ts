import type { Db } from '../open.js';
import { statement } from '../statement.js';
import type { TaskRow } from './tasksRepo.js';

/*
 * What the Data Manager task serializer reads, for a page of tasks at a time: every query takes
 * the ids as one JSON array parameter (json_each), so a page costs a fixed number of statements
 * and each is an index probe per id (tasks by primary key, children by their (task, id) index).
 */

/** A `tasks` row with its upload's stored file name (for the basename Label Studio shows). */
export interface DmTaskRow extends Omit<TaskRow, 'file_upload'> {
  file_upload_name: string | null;
  /** The key of the storage object the task was imported from. */
  storage_filename: string | null;
  /** Agreement between the task's annotators (0..1), null with fewer than two. */
  agreement: number | null;
}

export interface AnnotationFactRow {
  task: number;
  id: number;
  completed_by: number | null;
  created_at: string;
  lead_time: number | null;
  result: string;
  /** The remote's id of a mirrored annotation (the server's order), null for one made here. */
  remote_order: number | null;
}

export interface PredictionFactRow {
  task: number;
  score: number | null;
  model_version: string;
  result: string;
}

const IDS = 'SELECT value FROM json_each(?)';

export function readDmTaskRows(db: Db, ids: readonly number[]): DmTaskRow[] {
  return statement(
    db,
    `SELECT t.id, t.project, t.inner_id, t.data, t.meta, t.created_at, t.updated_at, t.updated_by, t.is_labeled,
       t.overlap, t.total_annotations, t.cancelled_annotations, t.total_predictions, t.comment_count,
       t.unresolved_comment_count, t.last_comment_updated_at, t.allow_skip, t.agreement, f.file AS file_upload_name,
       (SELECT l.key FROM storage_import_links l WHERE l.task = t.id) AS storage_filename
     FROM tasks t LEFT JOIN file_uploads f ON f.id = t.file_upload
     WHERE t.id IN (${IDS})`,
  ).all(JSON.stringify(ids)) as DmTaskRow[];
}

/** Every annotation of the tasks (skipped ones too, as Label Studio's aggregates include them), by id. */
export function readAnnotationFacts(db: Db, ids: readonly number[]): AnnotationFactRow[] {
  return statement(
    db,
    `SELECT a.task, a.id, a.completed_by, a.created_at, a.lead_time, a.result, ra.remote_annotation_id AS remote_order
     FROM annotations a LEFT JOIN remote_annotations ra ON ra.annotation = a.id
     WHERE a.task IN (${IDS}) ORDER BY a.task, a.id`,
  ).all(JSON.stringify(ids)) as AnnotationFactRow[];
}

export function readPredictionFacts(db: Db, ids: readonly number[]): PredictionFactRow[] {
  return statement(
    db,
    `SELECT task, score, model_version, result FROM predictions WHERE task IN (${IDS}) ORDER BY task, id`,
  ).all(JSON.stringify(ids)) as PredictionFactRow[];
}

/** The tasks that have a draft by anyone (`draft_exists`). */
export function readTasksWithDrafts(db: Db, ids: readonly number[]): number[] {
  return statement(db, `SELECT DISTINCT task FROM drafts WHERE task IN (${IDS})`)
    .pluck()
    .all(JSON.stringify(ids)) as number[];
}

/** The projects' data_types JSON, to rename a `$undefined$` data key on output. */
export interface ProjectFactsRow {
  data_types: string;
  model_version: string;
}

/** What the task serializer needs of each project: its data types and its chosen model version. */
export function readProjectFacts(db: Db, projectIds: readonly number[]): Map<number, ProjectFactsRow> {
  const rows = statement(db, `SELECT id, data_types, model_version FROM projects WHERE id IN (${IDS})`).all(
    JSON.stringify(projectIds),
  ) as ({ id: number } & ProjectFactsRow)[];
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

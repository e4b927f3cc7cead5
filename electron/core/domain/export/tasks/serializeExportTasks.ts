import { basename } from 'node:path';
import type { Db } from '../../../db/open.js';
import type { DraftRow } from '../../../db/repos/draftsRepo.js';
import type { ExportAnnotationRow, ExportTaskRow } from '../../../db/repos/exportTasksRepo.js';
import {
  findUserNames,
  listDraftsOfTasks,
  listExportAnnotations,
  listPredictionIdsOfTasks,
} from '../../../db/repos/exportTasksRepo.js';
import { listPredictionsOfTasks, type PredictionRow } from '../../../db/repos/predictionsRepo.js';
import { serializeDraft } from '../../drafts/serializeDraft.js';
import { serializePrediction } from '../../predictions/serializePredictions.js';
import { replaceUndefinedKey } from '../../tasks/checkTaskData.js';
import { PyFloat, pyFloatOrNull } from '../encode/pyFloat.js';
import { markPlainJson } from '../encode/pyJson.js';
import type { ExportTask } from '../exportTypes.js';
import { serverUserIdsOfProject, type ServerUserId } from '../../users/serverUserIds.js';

/** How the task objects are built: the easy export's fixed choices, or a snapshot's options. */
export interface ExportSerialization {
  /** `annotations__completed_by.only_id=false` expands the author to {id,email,first_name,last_name}. */
  completedBy: 'id' | 'user';
  drafts: 'id' | 'object';
  predictions: 'id' | 'object';
  /** Which annotations a snapshot keeps (annotation_filter_options); null keeps all. */
  keepAnnotation: ((row: ExportAnnotationRow) => boolean) | null;
  dataTypes: Record<string, string>;
  now: Date;
}

function groupByTask<T extends { task: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.task);
    if (group) group.push(row);
    else groups.set(row.task, [row]);
  }
  return groups;
}

/**
 * The prediction an annotation was made against, as the server copied it (PredictionSerializer's
 * output); null (nothing copied) is the model's default, the empty object. Its float fields are
 * written as floats (`0.0`), as the server's JSON writes them.
 */
export function predictionSnapshot(text: string | null): unknown {
  if (text === null) return {};
  const snapshot = JSON.parse(text) as unknown;
  if (snapshot === null || typeof snapshot !== 'object' || Array.isArray(snapshot)) return markPlainJson(snapshot);
  const fields = { ...(snapshot as Record<string, unknown>) };
  if ('result' in fields) fields.result = markPlainJson(fields.result);
  for (const key of ['score', 'mislabeling'] as const) {
    if (typeof fields[key] === 'number') fields[key] = new PyFloat(fields[key]);
  }
  return fields;
}

/**
 * The export's AnnotationSerializer (`fields='__all__'`), in the JSON export's key order
 * (docs/export-formats.md#json).
 */
function exportAnnotation(row: ExportAnnotationRow, author: unknown): Record<string, unknown> {
  const result = markPlainJson(JSON.parse(row.result) as unknown);
  return {
    id: row.id,
    completed_by: author,
    result,
    was_cancelled: row.was_cancelled !== 0,
    ground_truth: row.ground_truth !== 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    draft_created_at: row.draft_created_at,
    lead_time: pyFloatOrNull(row.lead_time),
    // The snapshot a pull copied from the server; annotations made here have none: the model default.
    prediction: predictionSnapshot(row.prediction),
    result_count: row.result_count,
    unique_id: row.unique_id,
    import_id: row.import_id,
    last_action: row.last_action,
    bulk_created: row.bulk_created !== 0,
    task: row.task,
    project: row.project,
    updated_by: row.updated_by,
    parent_prediction: row.parent_prediction,
    parent_annotation: row.parent_annotation,
    last_created_by: row.last_created_by,
  };
}

/** A draft as the JSON export expands it (its key list has no `project`). */
export function exportDraft(row: DraftRow, now: Date, serverUserId: ServerUserId): Record<string, unknown> {
  // serializeDraft has no `project` (its Draft type says so), so nothing to drop. Its author's id
  // (in created_username) is the one the project's people are written with.
  const draft = serializeDraft(row.user === null ? row : { ...row, user: serverUserId(row.user) }, now);
  return { ...draft, result: markPlainJson(draft.result), lead_time: pyFloatOrNull(row.lead_time) };
}

/** PredictionSerializer, with its float columns marked as floats. */
export function exportPrediction(row: PredictionRow, now: Date): Record<string, unknown> {
  const prediction = serializePrediction(row, now);
  return {
    ...prediction,
    result: markPlainJson(prediction.result),
    score: pyFloatOrNull(row.score),
    mislabeling: new PyFloat(row.mislabeling),
  };
}

/** The task's data object with `$undefined$` replaced (not marked: see dataOf). */
export function parseData(row: ExportTaskRow, dataTypes: Record<string, string>): Record<string, unknown> {
  const data = JSON.parse(row.data) as unknown;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  replaceUndefinedKey(data as Record<string, unknown>, dataTypes);
  return data as Record<string, unknown>;
}

function dataOf(row: ExportTaskRow, dataTypes: Record<string, string>): Record<string, unknown> {
  return markPlainJson(parseData(row, dataTypes));
}

/** What one page of tasks needs besides the task rows, read with one query each. */
interface ExportPage {
  annotations: Map<number, ExportAnnotationRow[]>;
  /** `completed_by` as the serialization writes it (an id, or the expanded user). */
  authorOf(row: ExportAnnotationRow): unknown;
  /** The id a local user is written as (a mirrored project's are the server's). */
  serverUserId: ServerUserId;
  drafts: Map<number, DraftRow[]>;
  predictions: Map<number, (PredictionRow | { id: number; task: number })[]>;
}

export function readExportPage(db: Db, rows: readonly ExportTaskRow[], options: ExportSerialization): ExportPage {
  const ids = rows.map((row) => row.id);
  const keep = options.keepAnnotation;
  const annotationRows = listExportAnnotations(db, ids);
  const annotations = groupByTask(keep ? annotationRows.filter((row) => keep(row)) : annotationRows);
  // A page holds one project's tasks: a mirrored one names its authors by the server's ids.
  const serverUserId = rows.length === 0 ? (id: number) => id : serverUserIdsOfProject(db, rows[0]!.project);
  // CompletedBySerializer when expanded; authors are looked up once per page.
  const authors = new Map<number, unknown>();
  const authorOf = (row: ExportAnnotationRow): unknown => {
    if (row.completed_by === null) return null;
    const id = serverUserId(row.completed_by);
    if (options.completedBy === 'id') return id;
    if (!authors.has(row.completed_by)) {
      const user = findUserNames(db, row.completed_by);
      authors.set(row.completed_by, user ? { id, ...user } : id);
    }
    return authors.get(row.completed_by);
  };
  const drafts = groupByTask(listDraftsOfTasks(db, ids));
  const predictions = groupByTask<PredictionRow | { id: number; task: number }>(
    options.predictions === 'id' ? listPredictionIdsOfTasks(db, ids) : listPredictionsOfTasks(db, ids),
  );
  return { annotations, authorOf, serverUserId, drafts, predictions };
}

const NONE: readonly never[] = [];

/**
 * One page of tasks as the export serializer writes them (docs/export-formats.md#json), with one
 * query each for the page's annotations, drafts and predictions.
 */
export function serializeExportTasks(
  db: Db,
  rows: readonly ExportTaskRow[],
  options: ExportSerialization,
): ExportTask[] {
  const page = readExportPage(db, rows, options);
  return rows.map((row) => ({
    id: row.id,
    annotations: (page.annotations.get(row.id) ?? NONE).map((annotation) =>
      exportAnnotation(annotation, page.authorOf(annotation)),
    ),
    // Label Studio leaves the key out for a task that no uploaded file made.
    ...(row.file_upload_file === null ? {} : { file_upload: basename(row.file_upload_file) }),
    drafts: (page.drafts.get(row.id) ?? NONE).map((draft) =>
      options.drafts === 'id' ? draft.id : exportDraft(draft, options.now, page.serverUserId),
    ),
    predictions: (page.predictions.get(row.id) ?? NONE).map((prediction) =>
      'result' in prediction ? exportPrediction(prediction, options.now) : prediction.id,
    ),
    data: dataOf(row, options.dataTypes),
    meta: markPlainJson(JSON.parse(row.meta) as unknown),
    created_at: row.created_at,
    updated_at: row.updated_at,
    allow_skip: row.allow_skip === null ? null : row.allow_skip !== 0,
    inner_id: row.inner_id,
    total_annotations: row.total_annotations,
    cancelled_annotations: row.cancelled_annotations,
    total_predictions: row.total_predictions,
    comment_count: row.comment_count,
    unresolved_comment_count: row.unresolved_comment_count,
    last_comment_updated_at: row.last_comment_updated_at,
    project: row.project,
    updated_by: row.updated_by,
    comment_authors: [],
  }));
}

import type { TaskModelFields } from '../../../../shared/api/dataManager.js';
import type { Db } from '../../db/open.js';
import type { TaskRow } from '../../db/repos/tasksRepo.js';
import { serializeAnnotations } from '../annotations/serializeAnnotations.js';
import { serializePredictions } from '../predictions/serializePredictions.js';
import { replaceUndefinedKey } from './checkTaskData.js';

/** The task's data as Label Studio prints it: `$undefined$` renamed to the config's first data key. */
function presentData(row: Pick<TaskRow, 'data'>, dataTypes: Record<string, string>): unknown {
  const data = JSON.parse(row.data) as unknown;
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    replaceUndefinedKey(data as Record<string, unknown>, dataTypes);
  }
  return data;
}

/**
 * BaseTaskSerializer (the POST /api/tasks/ response): model fields in Label Studio's
 * order, `updated_by` and `file_upload` as ids. Outpost has no comments, so `comment_authors`
 * is always empty.
 */
export function serializeBaseTask(row: TaskRow, dataTypes: Record<string, string>): Record<string, unknown> {
  // Added to the model's object rather than spread into a new one: building a task by spreading
  // its model fields made a page of them several times slower.
  const task: Record<string, unknown> = serializeTaskModelFields(row, dataTypes);
  task.updated_by = row.updated_by;
  task.file_upload = row.file_upload;
  task.comment_authors = [];
  task.allow_skip = row.allow_skip === null ? null : row.allow_skip !== 0;
  return task;
}

/** The task model's own fields, `id` to `project`, which every task serializer starts with. */
export function serializeTaskModelFields(
  row: Omit<TaskRow, 'file_upload'>,
  dataTypes: Record<string, string>,
): TaskModelFields {
  return {
    id: row.id,
    // Imports only ever store an object.
    data: presentData(row, dataTypes) as Record<string, unknown>,
    meta: JSON.parse(row.meta) as unknown,
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_labeled: row.is_labeled !== 0,
    overlap: row.overlap,
    inner_id: row.inner_id,
    total_annotations: row.total_annotations,
    cancelled_annotations: row.cancelled_annotations,
    total_predictions: row.total_predictions,
    comment_count: row.comment_count,
    unresolved_comment_count: row.unresolved_comment_count,
    last_comment_updated_at: row.last_comment_updated_at,
    project: row.project,
  } satisfies TaskModelFields;
}

/**
 * TaskSimpleSerializer (the task PATCH response, the old task list's items): the task fields plus every
 * annotation (skipped ones too, `completed_by` as an id) and prediction, with one query each for
 * the whole page.
 */
export function serializeSimpleTasks(
  db: Db,
  rows: readonly TaskRow[],
  dataTypes: Record<string, string>,
  now: Date,
): Record<string, unknown>[] {
  const ids = rows.map((row) => row.id);
  const annotations = serializeAnnotations(db, ids, { completedBy: 'id', includeCancelled: true, now });
  const predictions = serializePredictions(db, ids, now);
  return rows.map((row) => {
    const task = serializeBaseTask(row, dataTypes);
    task.annotations = annotations.get(row.id) ?? [];
    task.predictions = predictions.get(row.id) ?? [];
    return task;
  });
}

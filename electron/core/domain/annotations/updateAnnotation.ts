import { resultCount } from './resultCount.js';
import {
  findAnnotationById,
  isUniqueIdTaken,
  updateAnnotationColumns,
  type AnnotationColumns,
} from '../../db/repos/annotationsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ConflictError } from '../errors.js';
import { journalAnnotationUpdated } from '../sync/journal.js';
import type { AnnotationInput } from './annotationFields.js';
import { getAnnotationRow } from './annotationLookup.js';
import { DUPLICATE_UNIQUE_ID } from './createAnnotation.js';
import { finishAnnotationWrite } from './finishAnnotationWrite.js';
import { serializeAnnotation } from './serializeAnnotations.js';

function toColumns(input: AnnotationInput): Partial<AnnotationColumns> {
  const columns: Partial<AnnotationColumns> = {};
  if (input.result !== undefined) columns.result = JSON.stringify(input.result);
  if (input.completed_by !== undefined) columns.completed_by = input.completed_by;
  if (input.unique_id !== undefined) columns.unique_id = input.unique_id;
  if (input.was_cancelled !== undefined) columns.was_cancelled = Number(input.was_cancelled);
  if (input.ground_truth !== undefined) columns.ground_truth = Number(input.ground_truth);
  if (input.lead_time !== undefined) columns.lead_time = input.lead_time;
  if (input.draft_created_at !== undefined) columns.draft_created_at = input.draft_created_at;
  if (input.import_id !== undefined) columns.import_id = input.import_id;
  if (input.last_action !== undefined) columns.last_action = input.last_action;
  if (input.last_created_by !== undefined) columns.last_created_by = input.last_created_by;
  if (input.parent_prediction !== undefined) columns.parent_prediction = input.parent_prediction;
  if (input.parent_annotation !== undefined) columns.parent_annotation = input.parent_annotation;
  if (input.bulk_created !== undefined) columns.bulk_created = Number(input.bulk_created);
  return columns;
}

/**
 * `PATCH` and `PUT /api/annotations/{id}/` (AnnotationAPI.update): only the given fields change
 * (every serializer field is optional, so PUT behaves the same); the caller becomes `updated_by`.
 * Changing `was_cancelled` moves the annotation between the task's counters.
 */
export function updateAnnotation(
  ctx: DomainContext,
  userId: number,
  annotationId: number,
  input: AnnotationInput,
): Record<string, unknown> {
  const now = formatTimestamp(ctx.clock());
  ctx.db.transaction(() => {
    const current = getAnnotationRow(ctx, annotationId);
    if (input.unique_id !== undefined && input.unique_id !== current.unique_id) {
      if (isUniqueIdTaken(ctx.db, input.unique_id)) throw new ConflictError(DUPLICATE_UNIQUE_ID);
    }
    // Annotation.save counts the regions again on every save, whatever changed.
    const result = input.result !== undefined ? input.result : (JSON.parse(current.result) as unknown);
    updateAnnotationColumns(ctx.db, current.id, {
      ...toColumns(input),
      result_count: resultCount(result),
      updated_by: userId,
      updated_at: now,
    });
    finishAnnotationWrite(ctx.db, {
      task: current.task,
      annotation: current.id,
      userId,
      now,
      isGroundTruth: input.ground_truth === true,
    });
    journalAnnotationUpdated(ctx.db, current.id, now);
  })();
  return serializeAnnotation(ctx.db, findAnnotationById(ctx.db, annotationId)!, {
    completedBy: 'id',
    includeCancelled: true,
    now: ctx.clock(),
  });
}

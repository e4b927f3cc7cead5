import { resultCount } from './resultCount.js';
import { randomUUID } from 'node:crypto';
import { findAnnotationById, insertAnnotationRow, isUniqueIdTaken } from '../../db/repos/annotationsRepo.js';
import { deleteDraftRow, findDraftById } from '../../db/repos/draftsRepo.js';
import { releaseTaskLock } from '../../db/repos/taskLocksRepo.js';
import { formatTimestamp } from '../clock.js';
import { journalAnnotationCreated } from '../sync/journal.js';
import type { DomainContext } from '../context.js';
import { ConflictError, DomainError, ValidationError } from '../errors.js';
import { parsePythonInt } from '../pythonText.js';
import { getTaskRow } from './annotationLookup.js';
import type { AnnotationInput } from './annotationFields.js';
import { finishAnnotationWrite } from './finishAnnotationWrite.js';
import { isPythonTruthy } from './pythonTruthy.js';
import { serializeAnnotation } from './serializeAnnotations.js';

export interface CreateAnnotationRequest {
  input: AnnotationInput;
  /** The raw body: Label Studio reads `draft_id` and `was_cancelled` from it outside the serializer. */
  body: Record<string, unknown>;
  /** `?was_cancelled=` already read as a boolean, or undefined when absent. */
  wasCancelledQuery: boolean | undefined;
}

export const DUPLICATE_UNIQUE_ID = 'Annotation with this unique id already exists';

/** The draft named by `draft_id`, which must be the caller's and this task's (else 403). */
function findUsableDraft(ctx: DomainContext, rawDraftId: unknown, taskId: number, userId: number) {
  if (rawDraftId === undefined || rawDraftId === null) return null;
  const id = typeof rawDraftId === 'number' ? rawDraftId : parsePythonInt(String(rawDraftId));
  const draft = id === null || !Number.isSafeInteger(Number(id)) ? undefined : findDraftById(ctx.db, Number(id));
  if (!draft) return null;
  if (draft.task !== taskId || draft.user !== userId) {
    throw new DomainError(403, `You have no permission to draft id:${String(rawDraftId)}`);
  }
  return draft;
}

/**
 * `POST /api/tasks/{id}/annotations/` (docs/label-studio-compatibility.md#annotations-and-drafts):
 * creates the caller's annotation in one transaction (durable once it commits: the connection runs
 * synchronous=FULL), links and deletes the draft it came from, releases the caller's lock, keeps
 * ground truth unique, and refreshes and bumps the task.
 */
export function createAnnotation(
  ctx: DomainContext,
  userId: number,
  taskId: number,
  request: CreateAnnotationRequest,
): Record<string, unknown> {
  const { input, body, wasCancelledQuery } = request;
  const now = formatTimestamp(ctx.clock());
  const id = ctx.db.transaction(() => {
    // 1. The task, and whether it may be skipped (the body's raw value counts, as in Label Studio).
    const task = getTaskRow(ctx, taskId);
    const isSkipping = wasCancelledQuery === true || isPythonTruthy(body.was_cancelled);
    if (isSkipping && task.allow_skip === 0) {
      throw new ValidationError({ detail: ['This task cannot be skipped.'] });
    }
    // 2. The draft it replaces, and the idempotency key.
    const draft = findUsableDraft(ctx, body.draft_id, task.id, userId);
    const uniqueId = input.unique_id ?? randomUUID();
    if (isUniqueIdTaken(ctx.db, uniqueId)) throw new ConflictError(DUPLICATE_UNIQUE_ID);
    // 3. The row: the query's was_cancelled wins over the body's.
    const annotationId = insertAnnotationRow(ctx.db, {
      task: task.id,
      project: task.project,
      unique_id: uniqueId,
      result: input.result === undefined ? 'null' : JSON.stringify(input.result),
      completed_by: input.completed_by ?? userId,
      updated_by: userId,
      was_cancelled: Number(wasCancelledQuery ?? input.was_cancelled ?? false),
      ground_truth: Number(input.ground_truth ?? false),
      lead_time: input.lead_time ?? null,
      created_at: now,
      updated_at: now,
      draft_created_at: draft ? draft.created_at : (input.draft_created_at ?? null),
      import_id: input.import_id ?? null,
      last_action: input.last_action ?? null,
      last_created_by: input.last_created_by ?? null,
      parent_prediction: input.parent_prediction ?? null,
      parent_annotation: input.parent_annotation ?? null,
      bulk_created: Number(input.bulk_created ?? false),
      result_count: resultCount(input.result ?? null),
    });
    // 4. Side effects: lock, draft, ground truth, counters, task bump.
    releaseTaskLock(ctx.db, task.id, userId, now);
    if (draft) deleteDraftRow(ctx.db, draft.id);
    finishAnnotationWrite(ctx.db, {
      task: task.id,
      annotation: annotationId,
      userId,
      now,
      isGroundTruth: input.ground_truth === true,
    });
    journalAnnotationCreated(ctx.db, annotationId, now);
    return annotationId;
  })();
  return serializeAnnotation(ctx.db, findAnnotationById(ctx.db, id)!, {
    completedBy: 'id',
    includeCancelled: true,
    now: ctx.clock(),
  });
}

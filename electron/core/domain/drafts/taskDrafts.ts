import { findAnnotationById } from '../../db/repos/annotationsRepo.js';
import { findDraftById, insertDraftRow, listUserDraftsOfTask } from '../../db/repos/draftsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { getTaskRow } from '../annotations/annotationLookup.js';
import type { DraftInput } from './draftFields.js';
import { serializeDraft } from './serializeDraft.js';

/**
 * `GET /api/tasks/{id}/drafts`: the caller's drafts of the task, by id. Like Label Studio's
 * queryset filter, an unknown task simply has none.
 */
export function listTaskDrafts(ctx: DomainContext, userId: number, taskId: number): Record<string, unknown>[] {
  const now = ctx.clock();
  return listUserDraftsOfTask(ctx.db, taskId, userId).map((row) => serializeDraft(row, now));
}

/**
 * `POST /api/tasks/{id}/drafts` and `POST /api/tasks/{id}/annotations/{annotation_id}/drafts`:
 * a new draft of the caller, optionally attached to an annotation of that task. Drafts do not
 * bump the task (Label Studio's draft save leaves the task alone).
 */
export function createDraft(
  ctx: DomainContext,
  userId: number,
  target: { taskId: number; annotationId: number | null },
  input: DraftInput,
): Record<string, unknown> {
  if (input.result === undefined) throw new ValidationError({ result: ['This field is required.'] });
  const now = formatTimestamp(ctx.clock());
  const id = ctx.db.transaction(() => {
    const task = getTaskRow(ctx, target.taskId);
    if (target.annotationId !== null) {
      const annotation = findAnnotationById(ctx.db, target.annotationId);
      if (!annotation || annotation.task !== task.id) {
        throw new NotFoundError('No Annotation matches the given query.');
      }
    }
    return insertDraftRow(ctx.db, {
      task: task.id,
      project: task.project,
      annotation: target.annotationId,
      user: userId,
      result: JSON.stringify(input.result),
      lead_time: input.lead_time ?? null,
      was_postponed: Number(input.was_postponed ?? false),
      import_id: input.import_id ?? null,
      created_at: now,
      updated_at: now,
    });
  })();
  return serializeDraft(findDraftById(ctx.db, id)!, ctx.clock());
}

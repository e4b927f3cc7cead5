import { deleteAnnotationRow } from '../../db/repos/annotationsRepo.js';
import { findDraftById, insertDraftRow } from '../../db/repos/draftsRepo.js';
import { refreshAndTouchTask } from '../../db/repos/taskCountersRepo.js';
import { refreshTaskAgreement } from '../agreement/taskAgreementColumn.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { serializeDraft } from '../drafts/serializeDraft.js';
import { journalAnnotationDeleting } from '../sync/journal.js';
import { getAnnotationRow } from './annotationLookup.js';

/**
 * `POST /api/annotations/{id}/convert-to-draft` (AnnotationConvertAPI): the caller gets a draft
 * with the annotation's result and lead time (not attached to any annotation), the annotation
 * is deleted, and the task is refreshed and bumped. 201 with the draft.
 */
export function convertAnnotationToDraft(
  ctx: DomainContext,
  userId: number,
  annotationId: number,
): Record<string, unknown> {
  const now = formatTimestamp(ctx.clock());
  const draftId = ctx.db.transaction(() => {
    const annotation = getAnnotationRow(ctx, annotationId);
    const id = insertDraftRow(ctx.db, {
      task: annotation.task,
      project: annotation.project,
      annotation: null,
      user: userId,
      // A draft's result is required JSON; a null annotation result stays null.
      result: annotation.result,
      lead_time: annotation.lead_time,
      created_at: now,
      updated_at: now,
    });
    journalAnnotationDeleting(ctx.db, annotation.id, now);
    deleteAnnotationRow(ctx.db, annotation.id);
    refreshAndTouchTask(ctx.db, annotation.task, now, userId);
    refreshTaskAgreement(ctx.db, annotation.task);
    return id;
  })();
  return serializeDraft(findDraftById(ctx.db, draftId)!, ctx.clock());
}

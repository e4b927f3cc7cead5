import { deleteAnnotationRow } from '../../db/repos/annotationsRepo.js';
import { refreshAndTouchTask } from '../../db/repos/taskCountersRepo.js';
import { refreshTaskAgreement } from '../agreement/taskAgreementColumn.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { journalAnnotationDeleting } from '../sync/journal.js';
import { getAnnotationRow } from './annotationLookup.js';

/**
 * `DELETE /api/annotations/{id}/`: the annotation and its drafts (cascade) go, the task's
 * counters are recomputed and the task is bumped with the caller as `updated_by`.
 */
export function deleteAnnotation(ctx: DomainContext, userId: number, annotationId: number): void {
  const now = formatTimestamp(ctx.clock());
  ctx.db.transaction(() => {
    const annotation = getAnnotationRow(ctx, annotationId);
    journalAnnotationDeleting(ctx.db, annotation.id, now);
    deleteAnnotationRow(ctx.db, annotation.id);
    refreshAndTouchTask(ctx.db, annotation.task, now, userId);
    refreshTaskAgreement(ctx.db, annotation.task);
  })();
}

import type { Db } from '../../db/open.js';
import { clearOtherGroundTruth } from '../../db/repos/annotationsRepo.js';
import { deleteDraftsOfAnnotation } from '../../db/repos/draftsRepo.js';
import { refreshAndTouchTask } from '../../db/repos/taskCountersRepo.js';
import { refreshTaskAgreement } from '../agreement/taskAgreementColumn.js';

export interface AnnotationWriteEffects {
  task: number;
  annotation: number;
  userId: number;
  now: string;
  /** The request asked for ground truth: the task's other annotations lose it (ensure_unique_groundtruth). */
  isGroundTruth: boolean;
}

/**
 * What Label Studio's Annotation.save and its signals do after a create or update, inside the
 * caller's transaction: drafts made on the annotation go (`delete_draft`), ground truth stays
 * unique on the task, the task's counters are recomputed and the task is bumped
 * (`update_task`: updated_at, updated_by = the requesting user). The task's stored agreement
 * follows its annotations.
 */
export function finishAnnotationWrite(db: Db, effects: AnnotationWriteEffects): void {
  deleteDraftsOfAnnotation(db, effects.annotation);
  if (effects.isGroundTruth) clearOtherGroundTruth(db, effects.task, effects.annotation);
  refreshAndTouchTask(db, effects.task, effects.now, effects.userId);
  refreshTaskAgreement(db, effects.task);
}

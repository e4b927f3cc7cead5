import type { AnnotationRow } from '../../db/repos/annotationsRepo.js';
import type { PredictionRow } from '../../db/repos/predictionsRepo.js';
import type { TaskRow } from '../../db/repos/tasksRepo.js';

/*
 * A source task as one item of a Label Studio import, with its annotations and predictions
 * inline: the import creates them all in one transaction, so a batch of tasks lands whole or not
 * at all. Authors travel as `{"email": ...}`, which Label Studio matches against the target
 * organization's members; an author the target does not have is left out, so the import credits
 * the token's own user, and the caller lists who was replaced.
 */

export interface ItemAuthors {
  /** Emails of the target's users. */
  targetEmails: ReadonlySet<string>;
  /**
   * The local user's work is, on the source, the work of the source token's account (the local
   * user may carry another remote's identity): its email stands for theirs.
   */
  localUser: { id: number; sourceEmail: string | null };
  /** Called for each annotation whose author is not on the target (null: no author here either). */
  replaced(email: string | null): void;
}

function annotationItem(annotation: AnnotationRow, authors: ItemAuthors): Record<string, unknown> {
  const item: Record<string, unknown> = {
    result: JSON.parse(annotation.result) as unknown,
    was_cancelled: annotation.was_cancelled === 1,
    // Said every time: Label Studio's import takes a missing ground_truth as true.
    ground_truth: annotation.ground_truth === 1,
    lead_time: annotation.lead_time,
  };
  // The import keeps an annotation's `id` as its import_id: the source's import_id goes on.
  if (annotation.import_id !== null) item.id = annotation.import_id;
  const email =
    annotation.completed_by === authors.localUser.id ? authors.localUser.sourceEmail : annotation.author_email;
  if (email !== null && authors.targetEmails.has(email)) item.completed_by = { email };
  else authors.replaced(email);
  return item;
}

function predictionItem(prediction: PredictionRow): Record<string, unknown> {
  return {
    result: JSON.parse(prediction.result) as unknown,
    score: prediction.score,
    model_version: prediction.model_version,
  };
}

export function taskItem(
  task: TaskRow,
  data: unknown,
  marker: { key: string; value: string },
  annotations: readonly AnnotationRow[],
  predictions: readonly PredictionRow[],
  authors: ItemAuthors,
): Record<string, unknown> {
  const item: Record<string, unknown> = {
    data,
    meta: { ...(JSON.parse(task.meta) as Record<string, unknown>), [marker.key]: marker.value },
    annotations: annotations.map((annotation) => annotationItem(annotation, authors)),
    predictions: predictions.map(predictionItem),
  };
  if (task.allow_skip !== null) item.allow_skip = task.allow_skip === 1;
  return item;
}

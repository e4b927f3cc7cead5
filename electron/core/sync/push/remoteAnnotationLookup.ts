import { RemoteError } from '../remoteError.js';
import type { PushRun, RemoteAnnotation } from './pushRun.js';

/**
 * `GET /api/annotations/{id}/`, or null when the remote no longer has it (404). When the remote
 * task is known, an annotation on another task is not it: a remote whose ids are reused after a
 * deletion (an Outpost remote on SQLite) may have given the id to a newer annotation.
 */
export async function getRemoteAnnotation(
  run: PushRun,
  remoteId: number,
  remoteTaskId: number | null,
): Promise<RemoteAnnotation | null> {
  let annotation: RemoteAnnotation;
  try {
    annotation = await run.retry(() =>
      run.ctx.client.request<RemoteAnnotation>('GET', `/api/annotations/${remoteId}/`),
    );
  } catch (error) {
    if (error instanceof RemoteError && error.status === 404) return null;
    throw error;
  }
  return remoteTaskId !== null && annotation.task !== remoteTaskId ? null : annotation;
}

function authorId(annotation: RemoteAnnotation): number | null {
  const author = annotation.completed_by;
  if (author === null || author === undefined) return null;
  return typeof author === 'number' ? author : author.id;
}

/**
 * The annotation one of our creates made on a remote task: posted by the token's user with
 * `import_id` = the local annotation's id. The single-task GET lists every annotation of the
 * task, skipped ones too (the annotations list hides those). Null when there is none, or the
 * task itself is gone.
 */
export async function findLandedAnnotation(
  run: PushRun,
  remoteTaskId: number,
  localId: number,
): Promise<RemoteAnnotation | null> {
  let task: { annotations?: RemoteAnnotation[] };
  try {
    task = await run.retry(() => run.ctx.client.request('GET', `/api/tasks/${remoteTaskId}/`));
  } catch (error) {
    if (error instanceof RemoteError && error.status === 404) return null;
    throw error;
  }
  const mine = (task.annotations ?? []).filter(
    (annotation) => annotation.import_id === localId && authorId(annotation) === run.ctx.remoteUser.id,
  );
  // Should two ever match, the newest is the one the last create made.
  return mine.sort((a, b) => b.id - a.id)[0] ?? null;
}

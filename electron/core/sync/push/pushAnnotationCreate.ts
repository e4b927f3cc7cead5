import { findAnnotationById } from '../../db/repos/annotationsRepo.js';
import { findMirrorTask, upsertMirrorAnnotation } from '../../db/repos/syncMirrorRepo.js';
import { findOutboxRow, markOutboxDone, type OutboxRow } from '../../db/repos/syncOutboxRepo.js';
import { unsyncedCommit } from '../../db/unsyncedCommit.js';
import { journalAnnotationUpdated } from '../../domain/sync/journal.js';
import { sameVersion } from '../conflict.js';
import { RemoteError } from '../remoteError.js';
import { findLandedAnnotation } from './remoteAnnotationLookup.js';
import {
  annotationBody,
  done,
  localVersion,
  remoteVersion,
  waiting,
  type PushRun,
  type RemoteAnnotation,
  type RowOutcome,
} from './pushRun.js';

/**
 * In one transaction: the mapping with the remote's version as the base, and the row closed. Not
 * flushed to disk (unsyncedCommit): lost in a power cut, the row is posted again, answered 409 and
 * linked.
 * If the annotation changed here while the request was out, an update row follows; if it was
 * deleted meanwhile, its deletion already closed this row and journaled a delete that finds the
 * remote twin by import_id, so nothing is linked.
 */
function settle(run: PushRun, row: OutboxRow, landed: RemoteAnnotation): void {
  const { db } = run.ctx;
  unsyncedCommit(db, () => {
    const current = findOutboxRow(db, row.id);
    const local = row.annotation === null ? undefined : findAnnotationById(db, row.annotation);
    if (!current || current.done_at !== null || !local) return;
    const base = remoteVersion(landed);
    upsertMirrorAnnotation(db, {
      annotation: local.id,
      remote: run.ctx.remoteId,
      remote_annotation_id: landed.id,
      remote_updated_at: landed.updated_at,
      base_result: base.result,
      base_was_cancelled: Number(base.wasCancelled),
      base_ground_truth: Number(base.groundTruth),
    });
    markOutboxDone(db, row.id, run.now());
    if (!sameVersion(localVersion(local), base)) journalAnnotationUpdated(db, local.id, run.now());
  });
}

/**
 * `annotation_create`: POST the annotation (a skip too) with its `unique_id` and the local id as
 * `import_id`. A 409 means an earlier try landed but its answer was lost: the remote twin is
 * found and linked, never posted again.
 */
export async function pushAnnotationCreate(run: PushRun, row: OutboxRow): Promise<RowOutcome> {
  const { ctx } = run;
  const local = row.annotation === null ? undefined : findAnnotationById(ctx.db, row.annotation);
  if (!local) {
    ctx.db.transaction(() => markOutboxDone(ctx.db, row.id, run.now(), 'gone locally'))();
    return done(null);
  }
  const remoteTask = findMirrorTask(ctx.db, row.task);
  if (!remoteTask) return waiting('the task is not on the remote yet');
  const path = `/api/tasks/${remoteTask.remote_task_id}/annotations/`;
  const body = { ...annotationBody(local), unique_id: local.unique_id, import_id: local.id };
  let landed: RemoteAnnotation;
  try {
    landed = await run.retry(() => ctx.client.request<RemoteAnnotation>('POST', path, { body }));
  } catch (error) {
    if (!(error instanceof RemoteError) || error.status !== 409) throw error;
    const found = await findLandedAnnotation(run, remoteTask.remote_task_id, local.id);
    // The unique_id is held by another remote annotation (e.g. the twin of an annotation moved
    // to another task, whose delete has not gone out yet): wait rather than post a copy.
    if (!found) return waiting('unique_id already used by another remote annotation');
    landed = found;
  }
  settle(run, row, landed);
  return done(local.was_cancelled === 1 ? 'skips' : 'annotations');
}

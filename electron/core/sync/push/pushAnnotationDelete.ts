import { findMirrorTask } from '../../db/repos/syncMirrorRepo.js';
import { markOutboxDone, type OutboxRow } from '../../db/repos/syncOutboxRepo.js';
import { decodeDeleteRecord } from '../../domain/sync/journalRecords.js';
import { sameVersion } from '../conflict.js';
import { RemoteError } from '../remoteError.js';
import { findLandedAnnotation, getRemoteAnnotation } from './remoteAnnotationLookup.js';
import { REMOTE_CHANGED } from './pushAnnotationUpdate.js';
import {
  baseVersion,
  done,
  remoteVersion,
  waiting,
  type PushRun,
  type RemoteAnnotation,
  type RowOutcome,
} from './pushRun.js';

/** The remote twin a delete applies to: by its known id, or the create whose answer was lost. */
async function findTwin(run: PushRun, row: OutboxRow, importId: number): Promise<RemoteAnnotation | null> {
  // The task's mapping is gone when the task was deleted here too; the id alone must do then.
  const remoteTask = findMirrorTask(run.ctx.db, row.task)?.remote_task_id ?? null;
  if (row.remote_annotation_id !== null) return getRemoteAnnotation(run, row.remote_annotation_id, remoteTask);
  return remoteTask !== null ? findLandedAnnotation(run, remoteTask, importId) : null;
}

/**
 * `annotation_delete`: deletes the remote twin only while it still holds the agreed base (or our
 * own version, left there by an update whose answer was lost). An
 * edit made there meanwhile beats the deletion: the row waits, and the pull brings the annotation
 * back and records the conflict, so the annotator sees why their deletion did not hold. A twin
 * already gone counts as done, so a retried DELETE is harmless.
 */
export async function pushAnnotationDelete(run: PushRun, row: OutboxRow): Promise<RowOutcome> {
  const { ctx } = run;
  const close = (note: string | null) => ctx.db.transaction(() => markOutboxDone(ctx.db, row.id, run.now(), note))();
  const record = decodeDeleteRecord(row.base);
  if (!record) {
    close('no delete record');
    return done(null);
  }
  const twin = await findTwin(run, row, record.importId);
  if (!twin) {
    close(row.remote_annotation_id === null ? 'never reached the remote' : 'already deleted remotely');
    return done(null);
  }
  const there = remoteVersion(twin);
  const ours = record.sent ? sameVersion(there, baseVersion(record.sent, there.groundTruth)) : false;
  if (!ours && !sameVersion(there, baseVersion(record, there.groundTruth))) return waiting(REMOTE_CHANGED);
  try {
    await run.retry(() => ctx.client.request('DELETE', `/api/annotations/${twin.id}/`));
  } catch (error) {
    if (!(error instanceof RemoteError) || error.status !== 404) throw error;
  }
  close(null);
  return done('deletions');
}

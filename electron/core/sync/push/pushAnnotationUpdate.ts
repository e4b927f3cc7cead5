import { findAnnotationById } from '../../db/repos/annotationsRepo.js';
import { findMirrorAnnotation, findMirrorTask, upsertMirrorAnnotation } from '../../db/repos/syncMirrorRepo.js';
import { findOutboxRow, markOutboxDone, type OutboxRow } from '../../db/repos/syncOutboxRepo.js';
import { sameVersion } from '../conflict.js';
import { getRemoteAnnotation } from './remoteAnnotationLookup.js';
import {
  annotationBody,
  done,
  localVersion,
  mirrorBase,
  remoteVersion,
  waiting,
  type PushRun,
  type RemoteAnnotation,
  type RowOutcome,
} from './pushRun.js';

export const REMOTE_CHANGED = 'remote changed; resolved by the next pull';
export const REMOTE_DELETED = 'deleted remotely; resolved by the next pull';

/**
 * `annotation_update`: only over a remote twin that still holds the agreed base. If the remote
 * changed too (or deleted it), nothing is sent: the row waits for the pull's three-way
 * resolution, which supersedes it. The PATCH is idempotent, so retries are safe.
 */
export async function pushAnnotationUpdate(run: PushRun, row: OutboxRow): Promise<RowOutcome> {
  const { ctx } = run;
  const local = row.annotation === null ? undefined : findAnnotationById(ctx.db, row.annotation);
  const mapping = local && findMirrorAnnotation(ctx.db, local.id);
  if (!local || !mapping) {
    // Deleted here (its delete row does the rest) or unlinked by a pull that resolved it.
    ctx.db.transaction(() => markOutboxDone(ctx.db, row.id, run.now(), 'superseded: no remote twin'))();
    return done(null);
  }
  const remoteTask = findMirrorTask(ctx.db, local.task)?.remote_task_id ?? null;
  const remote = await getRemoteAnnotation(run, mapping.remote_annotation_id, remoteTask);
  if (!remote) return waiting(REMOTE_DELETED);
  const sent = localVersion(local);
  // Already there (a PATCH whose answer was lost): only the base moves.
  const alreadyThere = sameVersion(remoteVersion(remote), sent);
  if (!alreadyThere && !sameVersion(remoteVersion(remote), mirrorBase(mapping))) return waiting(REMOTE_CHANGED);
  const updated = alreadyThere
    ? remote
    : await run.retry(() =>
        ctx.client.request<RemoteAnnotation>('PATCH', `/api/annotations/${mapping.remote_annotation_id}/`, {
          body: annotationBody(local),
        }),
      );
  ctx.db.transaction(() => {
    const current = findOutboxRow(ctx.db, row.id);
    const now = findAnnotationById(ctx.db, local.id);
    if (!current || current.done_at !== null || !now) return;
    const base = remoteVersion(updated);
    upsertMirrorAnnotation(ctx.db, {
      ...mapping,
      remote_updated_at: updated.updated_at,
      base_result: base.result,
      base_was_cancelled: Number(base.wasCancelled),
      base_ground_truth: Number(base.groundTruth),
    });
    // Edited again while the PATCH was out: the row stays pending and pushes that edit next.
    if (sameVersion(localVersion(now), sent)) markOutboxDone(ctx.db, row.id, run.now());
  })();
  return done('updates');
}

import { findPredictionById, type PredictionRow } from '../../db/repos/predictionsRepo.js';
import { findMirrorPrediction, findMirrorTask, insertMirrorPrediction } from '../../db/repos/syncMirrorRepo.js';
import { findOutboxRow, markOutboxDone, type OutboxRow } from '../../db/repos/syncOutboxRepo.js';
import { findRemotePredictionId } from '../../db/repos/syncPredictionPushRepo.js';
import { updateMirroredPrediction } from '../../domain/sync/mirrorWrites.js';
import { predictionIdentity, storedPredictionIdentity } from '../predictionIdentity.js';
import { mirroredPredictionColumns } from '../pull/applyPredictions.js';
import type { RemotePrediction } from '../pull/remoteTask.js';
import { RemoteError } from '../remoteError.js';
import { done, waiting, type PushRun, type RowOutcome } from './pushRun.js';

/**
 * The prediction an earlier post of ours made on the remote task, if one landed: the newest one
 * there saying the same thing (see predictionIdentity) that is not the twin of another local
 * prediction. It does not retry by itself: the caller runs it under its retry.
 */
async function findLandedPrediction(
  run: PushRun,
  remoteTaskId: number,
  local: PredictionRow,
): Promise<RemotePrediction | null> {
  const { ctx } = run;
  const listed = await ctx.client.request<RemotePrediction[]>('GET', '/api/predictions/', {
    query: { task: remoteTaskId },
  });
  const wanted = storedPredictionIdentity(local.result, local.model_version);
  const candidates = listed.filter((remote) => {
    if (predictionIdentity(remote.result, remote.model_version) !== wanted) return false;
    const twinOf = findMirrorPrediction(ctx.db, ctx.remoteId, remote.id);
    return twinOf === undefined || twinOf === local.id;
  });
  return candidates.sort((a, b) => b.id - a.id)[0] ?? null;
}

/**
 * In one transaction: the mapping (so the pull treats the prediction as the remote's own and
 * never brings it back as a copy), the local row aligned with its twin, and the outbox row
 * closed. A prediction deleted here while the request was out stays on the remote, which then
 * owns it: the next pull mirrors it like any other of its predictions.
 */
function settle(run: PushRun, row: OutboxRow, localId: number, landed: RemotePrediction): void {
  const { db, remoteId } = run.ctx;
  db.transaction(() => {
    const current = findOutboxRow(db, row.id);
    if (!current || current.done_at !== null) return;
    const stillHere = findPredictionById(db, localId) !== undefined;
    const unlinked =
      findRemotePredictionId(db, localId) === undefined && findMirrorPrediction(db, remoteId, landed.id) === undefined;
    if (stillHere && unlinked) {
      insertMirrorPrediction(db, localId, remoteId, landed.id);
      updateMirroredPrediction(db, localId, mirroredPredictionColumns(landed, run.now()));
    }
    markOutboxDone(db, row.id, run.now(), stillHere ? null : 'deleted locally while it was pushed');
  })();
}

/**
 * `prediction_create` (queued only on request): POST the local prediction to the remote task
 * with its result, score and model version. Label Studio has no client id for predictions, so
 * before any repeat of the post (a retry after a lost answer, in this run or a later one) the
 * task's predictions are searched for one that landed, and it is linked instead of posted again.
 * Nothing else of the remote is written: not its project settings, not its ML backends.
 */
export async function pushPredictionCreate(run: PushRun, row: OutboxRow): Promise<RowOutcome> {
  const { ctx } = run;
  const close = (note: string) => ctx.db.transaction(() => markOutboxDone(ctx.db, row.id, run.now(), note))();
  const local = row.prediction === null ? undefined : findPredictionById(ctx.db, row.prediction);
  if (!local) {
    close('gone locally');
    return done(null);
  }
  if (findRemotePredictionId(ctx.db, local.id) !== undefined) {
    close('already on the remote');
    return done(null);
  }
  const remoteTask = findMirrorTask(ctx.db, local.task);
  if (!remoteTask) return waiting('the task is not on the remote yet');
  const remoteTaskId = remoteTask.remote_task_id;
  const body = {
    task: remoteTaskId,
    result: JSON.parse(local.result) as unknown,
    score: local.score,
    model_version: local.model_version,
  };
  // attempts counts this try too: more than one means an earlier post may have landed.
  let mayHaveLanded = row.attempts > 1;
  let landed: RemotePrediction;
  try {
    landed = await run.retry(async () => {
      if (mayHaveLanded) {
        const found = await findLandedPrediction(run, remoteTaskId, local);
        if (found) return found;
      }
      mayHaveLanded = true;
      return ctx.client.request<RemotePrediction>('POST', '/api/predictions/', { body });
    });
  } catch (error) {
    // Refused as invalid (a result the remote's config rejects, a task gone there): posting the
    // same again cannot help, so the row closes and says why; asking again queues it anew.
    if (!(error instanceof RemoteError) || error.status !== 400) throw error;
    ctx.progress.error(`prediction ${local.id} of task ${local.task}`, error.message);
    close(`refused by the remote: ${error.message}`);
    return done(null);
  }
  settle(run, row, local.id, landed);
  return done('predictions');
}

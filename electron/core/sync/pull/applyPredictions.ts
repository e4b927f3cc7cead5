import { findPredictionById, type PredictionRow } from '../../db/repos/predictionsRepo.js';
import {
  findMirrorPrediction,
  insertMirrorPrediction,
  listMirrorPredictionsOfTask,
} from '../../db/repos/syncMirrorRepo.js';
import { markOutboxDone } from '../../db/repos/syncOutboxRepo.js';
import { listUncertainPredictionPushes, type UncertainPredictionPush } from '../../db/repos/syncPredictionPushRepo.js';
import {
  deleteMirroredPrediction,
  insertMirroredPrediction,
  updateMirroredPrediction,
  type MirroredPredictionColumns,
} from '../../domain/sync/mirrorWrites.js';
import { canonicalJson } from '../conflict.js';
import { predictionIdentity, storedPredictionIdentity } from '../predictionIdentity.js';
import type { PullRun } from './pullRun.js';
import type { RemotePrediction } from './remoteTask.js';

/*
 * Pull step 3a: a task's mirrored predictions (those with a remote_predictions row) are the
 * remote's alone, so the mirror simply follows: new ones are added, changed ones rewritten,
 * removed ones deleted. Predictions made here have no such row and are never touched: not
 * rewritten, not deleted, not counted. A local prediction becomes the remote's own only once
 * pushed on request: the push links it; if the push's answer was lost, the pull links it here
 * when it comes back, instead of adding it as a second copy.
 */

/** The local columns of a remote prediction (also what a push leaves on the prediction it linked). */
export function mirroredPredictionColumns(remote: RemotePrediction, fallbackTime: string): MirroredPredictionColumns {
  return {
    result: JSON.stringify(remote.result ?? []),
    score: remote.score ?? null,
    model_version: remote.model_version ?? '',
    cluster: remote.cluster ?? null,
    neighbors: remote.neighbors === undefined || remote.neighbors === null ? null : JSON.stringify(remote.neighbors),
    mislabeling: remote.mislabeling ?? 0,
    created_at: remote.created_at ?? fallbackTime,
    updated_at: remote.updated_at ?? remote.created_at ?? fallbackTime,
    model: null,
    model_run: null,
  };
}

function differs(local: PredictionRow, wanted: MirroredPredictionColumns): boolean {
  return (
    canonicalJson(JSON.parse(local.result) as unknown) !== canonicalJson(JSON.parse(wanted.result) as unknown) ||
    local.score !== wanted.score ||
    local.model_version !== wanted.model_version ||
    local.cluster !== wanted.cluster ||
    local.neighbors !== wanted.neighbors ||
    local.mislabeling !== wanted.mislabeling ||
    local.updated_at !== wanted.updated_at
  );
}

/**
 * A local prediction whose push may have landed (its request went out, its answer never came)
 * and that says what this remote prediction says: it is that push's result. Linked and closed.
 */
function claimLostPush(run: PullRun, pushes: UncertainPredictionPush[], remote: RemotePrediction): number | undefined {
  const identity = predictionIdentity(remote.result, remote.model_version);
  const index = pushes.findIndex((push) => storedPredictionIdentity(push.result, push.model_version) === identity);
  const push = index < 0 ? undefined : pushes.splice(index, 1)[0];
  if (!push) return undefined;
  insertMirrorPrediction(run.ctx.db, push.prediction, run.ctx.remoteId, remote.id);
  markOutboxDone(run.ctx.db, push.outbox, run.now());
  return push.prediction;
}

/** Returns how many local predictions were created, changed or deleted. A task `inserted` by this pull has none to delete. */
export function applyPredictions(
  run: PullRun,
  task: number,
  remotePredictions: readonly RemotePrediction[],
  remoteTaskUpdatedAt: string,
  inserted: boolean,
): number {
  const { db, remoteId } = run.ctx;
  let changed = 0;
  const present = new Set<number>();
  let lostPushes: UncertainPredictionPush[] | undefined;
  for (const remote of remotePredictions) {
    present.add(remote.id);
    const wanted = mirroredPredictionColumns(remote, remoteTaskUpdatedAt);
    let localId = findMirrorPrediction(db, remoteId, remote.id);
    if (localId === undefined) {
      lostPushes ??= listUncertainPredictionPushes(db, remoteId, task);
      localId = claimLostPush(run, lostPushes, remote);
    }
    if (localId === undefined) {
      const id = insertMirroredPrediction(db, { task, project: run.projectId }, wanted);
      insertMirrorPrediction(db, id, remoteId, remote.id);
      changed += 1;
      continue;
    }
    const local = findPredictionById(db, localId);
    if (local && differs(local, wanted)) {
      updateMirroredPrediction(db, localId, wanted);
      changed += 1;
    }
  }
  for (const mirror of inserted ? [] : listMirrorPredictionsOfTask(db, task)) {
    if (present.has(mirror.remote_prediction_id)) continue;
    deleteMirroredPrediction(db, mirror.prediction);
    changed += 1;
  }
  return changed;
}

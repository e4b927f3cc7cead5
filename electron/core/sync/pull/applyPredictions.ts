import { findPredictionById, type PredictionRow } from '../../db/repos/predictionsRepo.js';
import {
  findMirrorPrediction,
  insertMirrorPrediction,
  listMirrorPredictionsOfTask,
} from '../../db/repos/syncMirrorRepo.js';
import {
  deleteMirroredPrediction,
  insertMirroredPrediction,
  updateMirroredPrediction,
  type MirroredPredictionColumns,
} from '../../domain/sync/mirrorWrites.js';
import { canonicalJson } from '../conflict.js';
import type { PullRun } from './pullRun.js';
import type { RemotePrediction } from './remoteTask.js';

/*
 * Pull step 3a: a task's predictions are the remote's alone (nobody edits them here), so the
 * mirror simply follows: new ones are added, changed ones rewritten, removed ones deleted.
 */

function columnsOf(remote: RemotePrediction, fallbackTime: string): MirroredPredictionColumns {
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

/** Returns how many local predictions were created, changed or deleted. */
export function applyPredictions(
  run: PullRun,
  task: number,
  remotePredictions: readonly RemotePrediction[],
  remoteTaskUpdatedAt: string,
): number {
  const { db, remoteId } = run.ctx;
  let changed = 0;
  const present = new Set<number>();
  for (const remote of remotePredictions) {
    present.add(remote.id);
    const wanted = columnsOf(remote, remoteTaskUpdatedAt);
    const localId = findMirrorPrediction(db, remoteId, remote.id);
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
  for (const mirror of listMirrorPredictionsOfTask(db, task)) {
    if (present.has(mirror.remote_prediction_id)) continue;
    deleteMirroredPrediction(db, mirror.prediction);
    changed += 1;
  }
  return changed;
}

import type { Prediction as PredictionFields } from '../../../../shared/api/predictions.js';
import { PyFloat, pyFloatOrNull, type WithFloats } from '../export/encode/pyFloat.js';
import type { Db } from '../../db/open.js';
import { listPredictionsOfTasks, type PredictionRow } from '../../db/repos/predictionsRepo.js';
import { timesince } from '../timesince.js';

/** A prediction as answered: score and mislabeling are written as floats, as Label Studio writes them. */
export type Prediction = WithFloats<PredictionFields, 'score' | 'mislabeling'>;

/** PredictionSerializer (`fields='__all__'`), keys in the order Label Studio prints them. */
export function serializePrediction(row: PredictionRow, now: Date = new Date()): Prediction {
  return {
    id: row.id,
    result: JSON.parse(row.result) as unknown,
    score: pyFloatOrNull(row.score),
    model_version: row.model_version,
    cluster: row.cluster,
    neighbors: row.neighbors === null ? null : (JSON.parse(row.neighbors) as unknown),
    mislabeling: new PyFloat(row.mislabeling),
    created_ago: timesince(row.created_at, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
    model: row.model,
    model_run: row.model_run,
    task: row.task,
    project: row.project,
  };
}

/** The predictions of many tasks with one query; every requested task id is a key. */
export function serializePredictions(db: Db, taskIds: number[], now: Date = new Date()): Map<number, Prediction[]> {
  const byTask = new Map<number, Prediction[]>(taskIds.map((id) => [id, []]));
  for (const row of listPredictionsOfTasks(db, taskIds)) byTask.get(row.task)?.push(serializePrediction(row, now));
  return byTask;
}

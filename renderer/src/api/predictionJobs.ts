import {
  predictionJobListSchema,
  retrievePredictionsAnswerSchema,
  type PredictionJob,
  type RetrievePredictionsAnswer,
} from '../../../shared/api/ml';
import type { ApiClient } from './client';
import { runAction, type ActionSelection } from './dataManager';

/*
 * The Data Manager's "Retrieve Predictions": the action's request waits for the whole run, while
 * `/api/outpost/ml/jobs` (Outpost's own) shows how far it is and can stop it.
 */

export const RETRIEVE_PREDICTIONS = 'retrieve_tasks_predictions';

export type { PredictionJob, PredictionJobStatus } from '../../../shared/api/ml';

/** The action's answer with what a run without a model leaves out filled in. */
export type RetrieveResult = Required<Omit<RetrievePredictionsAnswer, 'job'>> & Pick<RetrievePredictionsAnswer, 'job'>;

export async function retrievePredictions(
  client: ApiClient,
  project: number,
  selection: ActionSelection,
): Promise<RetrieveResult> {
  const body = await runAction(client, project, RETRIEVE_PREDICTIONS, selection, retrievePredictionsAnswerSchema);
  return { ...body, skipped: body.skipped ?? 0, cancelled: body.cancelled ?? false };
}

export function listPredictionJobs(client: ApiClient, project: number, signal?: AbortSignal): Promise<PredictionJob[]> {
  return client.get('/api/outpost/ml/jobs', { query: { project }, signal, schema: predictionJobListSchema });
}

/** Stops the run after the batch in flight; what was predicted so far is kept. */
export async function cancelPredictionJob(client: ApiClient, id: number): Promise<void> {
  await client.post<unknown>(`/api/outpost/ml/jobs/${id}/cancel`, {});
}

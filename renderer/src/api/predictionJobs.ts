import { predictionJobListSchema, type PredictionJob } from '../../../shared/api/ml';
import type { ApiClient } from './client';
import { runAction, type ActionSelection } from './dataManager';

/*
 * The Data Manager's "Retrieve Predictions": the action's request waits for the whole run, while
 * `/api/outpost/ml/jobs` (Outpost's own) shows how far it is and can stop it.
 */

export const RETRIEVE_PREDICTIONS = 'retrieve_tasks_predictions';

export type { PredictionJob, PredictionJobStatus } from '../../../shared/api/ml';

export interface RetrieveResult {
  processed_items: number;
  detail: string;
  job?: number;
  created: number;
  skipped: number;
  cancelled: boolean;
  errors: { task: number; error: string }[];
}

export async function retrievePredictions(
  client: ApiClient,
  project: number,
  selection: ActionSelection,
): Promise<RetrieveResult> {
  const body = (await runAction(client, project, RETRIEVE_PREDICTIONS, selection)) as Partial<RetrieveResult>;
  return {
    processed_items: body.processed_items ?? 0,
    detail: body.detail ?? '',
    job: body.job,
    created: body.created ?? 0,
    skipped: body.skipped ?? 0,
    cancelled: body.cancelled ?? false,
    errors: Array.isArray(body.errors) ? body.errors : [],
  };
}

export function listPredictionJobs(client: ApiClient, project: number, signal?: AbortSignal): Promise<PredictionJob[]> {
  return client.get('/api/outpost/ml/jobs', { query: { project }, signal, schema: predictionJobListSchema });
}

/** Stops the run after the batch in flight; what was predicted so far is kept. */
export async function cancelPredictionJob(client: ApiClient, id: number): Promise<void> {
  await client.post<unknown>(`/api/outpost/ml/jobs/${id}/cancel`, {});
}

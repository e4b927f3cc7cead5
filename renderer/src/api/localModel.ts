import { localModelStatusSchema, type LocalModelStatus } from '../../../shared/api/ml';
import { ApiError, type ApiClient } from './client';

/* `/api/outpost/ml/local-model` (Outpost's own): the built-in model's training state and accuracy. */

export type { LocalModelState, LocalModelStatus } from '../../../shared/api/ml';

export type LocalModelLoad =
  | { kind: 'ready'; status: LocalModelStatus }
  /** This server does not report the built-in model's training (the endpoint answers 404). */
  | { kind: 'unavailable' };

export async function getLocalModelStatus(
  client: ApiClient,
  project: number,
  signal?: AbortSignal,
): Promise<LocalModelLoad> {
  try {
    const status = await client.get('/api/outpost/ml/local-model', {
      query: { project },
      signal,
      schema: localModelStatusSchema,
    });
    return { kind: 'ready', status };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'unavailable' };
    throw error;
  }
}

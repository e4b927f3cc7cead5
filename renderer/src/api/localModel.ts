import { z } from 'zod';
import { localModelStatusSchema } from '../../../shared/api/ml';
import { ApiError, type ApiClient } from './client';

/* `/api/outpost/ml/local-model` (Outpost's own): the built-in model's training state and accuracy. */

export type { LocalModelState } from '../../../shared/api/ml';

/**
 * The status as the page reads it: a skill kind this page does not know yet (a newer server's) is
 * still shown, by its id, instead of failing the whole status.
 */
const readableStatusSchema = localModelStatusSchema.extend({
  controls: z.array(z.strictObject({ name: z.string(), kind: z.string() })),
});
export type LocalModelStatus = z.infer<typeof readableStatusSchema>;

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
      schema: readableStatusSchema,
    });
    return { kind: 'ready', status };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'unavailable' };
    throw error;
  }
}

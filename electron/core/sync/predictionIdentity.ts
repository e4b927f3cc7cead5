import { canonicalJson } from './conflict.js';

/*
 * Label Studio gives predictions no client id (annotations have unique_id and import_id), so a
 * prediction pushed from here is recognized on the remote by what it says: the same result (key
 * order aside) from the same model version, on the task it was posted to. Only used where a
 * post of ours may have landed without its answer coming back.
 */

export function predictionIdentity(result: unknown, modelVersion: string | null | undefined): string {
  return canonicalJson([result ?? null, modelVersion ?? '']);
}

/** The same for a stored prediction (its result is JSON text). */
export function storedPredictionIdentity(result: string, modelVersion: string): string {
  return predictionIdentity(JSON.parse(result) as unknown, modelVersion);
}

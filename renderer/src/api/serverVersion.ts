import { serverVersionSchema, type ServerVersion } from '../../../shared/api/version';
import type { ApiClient } from './client';

export type { ServerVersion } from '../../../shared/api/version';

/** `GET /api/version` needs no sign-in: the status bar uses it to tell whether the server answers. */
export function fetchServerVersion(client: ApiClient, signal?: AbortSignal): Promise<ServerVersion> {
  return client.get('/api/version', { signal, schema: serverVersionSchema });
}

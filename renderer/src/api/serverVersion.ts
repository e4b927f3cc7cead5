import type { ApiClient } from './client';

export interface ServerVersion {
  release: string;
  edition: string;
  outpost: { name: string; version: string };
}

/** `GET /api/version` needs no sign-in: the status bar uses it to tell whether the server answers. */
export function fetchServerVersion(client: ApiClient, signal?: AbortSignal): Promise<ServerVersion> {
  return client.get<ServerVersion>('/api/version', { signal });
}

import type { DmUser } from '../dm/users';
import type { ApiClient } from './client';

/** `GET /api/users/`: everyone this Outpost knows (the local user and the authors a sync brought), a plain array. */
export function listUsers(client: ApiClient, signal?: AbortSignal): Promise<DmUser[]> {
  return client.get<DmUser[]>('/api/users/', { signal });
}

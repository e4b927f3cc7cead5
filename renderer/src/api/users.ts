import { userListSchema, type User } from '../../../shared/api/users';
import type { ApiClient } from './client';

/** `GET /api/users/`: everyone this Outpost knows (the local user and the authors a sync brought), a plain array. */
export function listUsers(client: ApiClient, signal?: AbortSignal): Promise<User[]> {
  return client.get('/api/users/', { signal, schema: userListSchema });
}

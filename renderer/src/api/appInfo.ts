import { appInfoSchema, type AppInfo } from '../../../shared/api/app';
import type { ApiClient } from './client';

export type { AppInfo } from '../../../shared/api/app';

/** `GET /api/outpost/app`: Outpost's own facts (not a Label Studio endpoint). */
export function fetchAppInfo(client: ApiClient, signal?: AbortSignal): Promise<AppInfo> {
  return client.get('/api/outpost/app', { signal, schema: appInfoSchema });
}

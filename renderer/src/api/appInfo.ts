import type { ApiClient } from './client';

/** `GET /api/outpost/app`: Outpost's own facts (not a Label Studio endpoint). */
export interface AppInfo {
  name: string;
  version: string;
  /** Who runs the server: the desktop app or `outpost serve`/`start`. */
  mode: 'electron' | 'serve';
  /** Absolute path of the data folder. */
  data_dir: string;
  database_path: string;
}

export function fetchAppInfo(client: ApiClient, signal?: AbortSignal): Promise<AppInfo> {
  return client.get<AppInfo>('/api/outpost/app', { signal });
}

import { fetchAppInfo } from './appInfo';
import { createApiClient, type ApiClient } from './client';
import { CSRF_COOKIE, readCookie } from './connection';

/*
 * In the desktop app and browser mode a local folder must be chosen in Outpost's own window
 * before a storage may use it. The server believes only the window's session cookie for that
 * (never a token), so this request goes with the cookie even where the app's client uses the
 * token (Electron's window is signed in by a session cookie too).
 */

const sessionClient = () =>
  createApiClient({ baseUrl: '', auth: { kind: 'session', readCsrfToken: () => readCookie(CSRF_COOKIE) } });

/**
 * Tells the server the user chose `path` in the app. Headless (`outpost serve`) folders are set by
 * the server's own settings instead, so nothing is sent there. A refusal (a missing folder, the
 * home folder, a hidden one) throws with the server's reason.
 */
export async function allowLocalFolder(client: ApiClient, path: string): Promise<void> {
  const info = await fetchAppInfo(client);
  if (info.mode === 'serve') return;
  await sessionClient().post('/api/outpost/local-folders/', { path });
}

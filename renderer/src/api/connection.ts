import type { OutpostBridge } from '../../../shared/ipc';
import { createApiClient, type ApiClient } from './client';

declare global {
  interface Window {
    /** Present only inside Electron (see electron/preload.ts). */
    outpost?: OutpostBridge;
  }
}

export const CSRF_COOKIE = 'outpost_csrf';

/** The script-readable CSRF cookie the login link set, echoed on writes (Django's double submit). */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Electron hands the server URL and token over the preload bridge; in a browser the page is
 * served by the server itself and signed in by its session cookie.
 */
export async function connectApiClient(): Promise<ApiClient> {
  const bridge = window.outpost;
  if (bridge) {
    const info = await bridge.getServerInfo();
    return createApiClient({ baseUrl: info.url, auth: { kind: 'token', token: info.token } });
  }
  return createApiClient({ baseUrl: '', auth: { kind: 'session', readCsrfToken: () => readCookie(CSRF_COOKIE) } });
}

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { authenticateSession } from '../domain/auth/browserSessions.js';
import type { AppEnv } from './appEnv.js';
import { SESSION_COOKIE } from './sessionCookies.js';

/** Whether the request carries a live browser session cookie (as a page load would: a read). */
export function hasBrowserSession(c: Context<AppEnv>): boolean {
  const session = getCookie(c, SESSION_COOKIE);
  if (!session) return false;
  const checked = authenticateSession(c.get('deps'), session, { method: 'GET', csrfHeader: undefined });
  return checked !== null && 'userId' in checked;
}

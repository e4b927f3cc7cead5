import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  consumeLoginToken,
  deleteExpiredBrowserCredentials,
  findBrowserSession,
  insertBrowserSession,
  insertLoginToken,
} from '../../db/repos/browserSessionsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';

/** A login link is for opening right away (npm start) or soon after `outpost serve` prints it. */
const LOGIN_TOKEN_SECONDS = 60 * 60;
const SESSION_SECONDS = 30 * 24 * 60 * 60;

const secret = () => randomBytes(32).toString('base64url');
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const later = (ctx: DomainContext, seconds: number) =>
  formatTimestamp(new Date(ctx.clock().getTime() + seconds * 1000));

/** A one-time token for the `LOGIN:` link; only its hash is stored. */
export function createLoginToken(ctx: DomainContext, userId: number): string {
  const token = secret();
  ctx.db.transaction(() => {
    deleteExpiredBrowserCredentials(ctx.db, formatTimestamp(ctx.clock()));
    insertLoginToken(ctx.db, { token_hash: hash(token), user: userId, expires_at: later(ctx, LOGIN_TOKEN_SECONDS) });
  })();
  return token;
}

export interface BrowserSession {
  session: string;
  csrfToken: string;
  maxAgeSeconds: number;
}

/** Trades a login token (once) for a session and its CSRF token; null when used up or expired. */
export function redeemLoginToken(ctx: DomainContext, token: string): BrowserSession | null {
  return ctx.db.transaction(() => {
    const now = formatTimestamp(ctx.clock());
    const user = consumeLoginToken(ctx.db, hash(token), now);
    if (user === null) return null;
    const session = secret();
    const csrfToken = secret();
    insertBrowserSession(ctx.db, {
      session_hash: hash(session),
      user,
      csrf_token: csrfToken,
      created_at: now,
      expires_at: later(ctx, SESSION_SECONDS),
    });
    return { session, csrfToken, maxAgeSeconds: SESSION_SECONDS };
  })();
}

export type SessionCheck = { userId: number } | { csrfError: string } | null;

/**
 * The user of a session cookie, or null. Writes (anything but GET, HEAD, OPTIONS) must echo the
 * session's CSRF token, with DRF's messages when they do not.
 */
export function authenticateSession(
  ctx: DomainContext,
  session: string,
  request: { method: string; csrfHeader: string | undefined },
): SessionCheck {
  const row = findBrowserSession(ctx.db, hash(session), formatTimestamp(ctx.clock()));
  if (!row) return null;
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return { userId: row.user };
  if (!request.csrfHeader) return { csrfError: 'CSRF Failed: CSRF token missing.' };
  const given = Buffer.from(request.csrfHeader);
  const expected = Buffer.from(row.csrf_token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { csrfError: 'CSRF Failed: CSRF token incorrect.' };
  }
  return { userId: row.user };
}

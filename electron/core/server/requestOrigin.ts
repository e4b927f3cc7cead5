import type { Context } from 'hono';
import type { AppEnv } from './appEnv.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Django's CSRF origin check, for writes made with the session cookie: a page of another origin
 * (another port of 127.0.0.1 included, which shares our cookies) must not write even if it got
 * hold of the CSRF token. Returns DRF's message, or null when the request may go on. Clients that
 * send neither header are no browser on another site; the Referer is read only without an Origin.
 */
export function crossOriginWriteError(c: Context<AppEnv>): string | null {
  if (SAFE_METHODS.has(c.req.method)) return null;
  // The request URL carries the Host header the host check has already accepted.
  const own = new URL(c.req.url).origin;
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    return originOf(origin) === own
      ? null
      : `CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.`;
  }
  const referer = c.req.header('referer');
  if (referer === undefined || originOf(referer) === own) return null;
  return `CSRF Failed: Referer checking failed - ${referer} does not match any trusted origins.`;
}

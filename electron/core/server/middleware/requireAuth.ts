import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { authenticateRequest } from '../../domain/auth/authenticateRequest.js';
import { authenticateSession } from '../../domain/auth/browserSessions.js';
import { DomainError } from '../../domain/errors.js';
import type { AppEnv } from '../appEnv.js';
import { crossOriginWriteError } from '../requestOrigin.js';
import { SESSION_COOKIE } from '../sessionCookies.js';

/** Routes that Label Studio serves without credentials. Paths are compared without a trailing slash. */
const OPEN_API_PATHS = new Set([
  '/api/version',
  '/api/projects/validate',
  '/api/token/refresh',
  '/api/token/blacklist',
]);

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Every other /api route needs a token in a header (tokens in query strings are never read), or
 * the browser UI's session cookie with the CSRF token echoed on writes, sent from our own origin.
 */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (OPEN_API_PATHS.has(withoutTrailingSlash(c.req.path))) return next();
  // The browser UI's session cookie counts only when the request carries no token header.
  const session = getCookie(c, SESSION_COOKIE);
  if (session && c.req.header('authorization') === undefined && c.req.header('x-api-key') === undefined) {
    const checked = authenticateSession(c.get('deps'), session, {
      method: c.req.method,
      csrfHeader: c.req.header('x-csrftoken'),
    });
    const crossOrigin = checked ? crossOriginWriteError(c) : null;
    if (crossOrigin) throw new DomainError(403, crossOrigin);
    if (checked && 'csrfError' in checked) throw new DomainError(403, checked.csrfError);
    if (checked) {
      c.set('userId', checked.userId);
      c.set('browserSession', true);
      return next();
    }
  }
  const userId = await authenticateRequest(c.get('deps'), {
    authorization: c.req.header('authorization'),
    apiKey: c.req.header('x-api-key'),
  });
  c.set('userId', userId);
  return next();
};

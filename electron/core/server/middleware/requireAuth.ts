import type { MiddlewareHandler } from 'hono';
import { authenticateRequest } from '../../domain/auth/authenticateRequest.js';
import type { AppEnv } from '../appEnv.js';

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

/** Every other /api route needs a token in a header; tokens in query strings are never read. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (OPEN_API_PATHS.has(withoutTrailingSlash(c.req.path))) return next();
  const userId = authenticateRequest(c.get('deps'), {
    authorization: c.req.header('authorization'),
    apiKey: c.req.header('x-api-key'),
  });
  c.set('userId', userId);
  return next();
};

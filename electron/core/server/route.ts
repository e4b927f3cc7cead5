import type { Handler, Hono } from 'hono';
import type { AppEnv } from './appEnv.js';
import { sendEnvelope } from './errorEnvelope.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type MethodHandlers = Partial<Record<Method, Handler<AppEnv>>>;

/**
 * Registers one URL's handlers, plus DRF's 405 `Method "X" not allowed.` for every other method.
 * Paths are written without a trailing slash; the app is not strict, so both forms match.
 */
export function defineRoute(app: Hono<AppEnv>, path: string, handlers: MethodHandlers): void {
  for (const [method, handler] of Object.entries(handlers) as [Method, Handler<AppEnv>][]) {
    app.on(method.toUpperCase(), path, handler);
  }
  app.all(path, (c) => {
    if (c.req.method === 'OPTIONS') return c.body(null, 204, { Allow: allowHeader(handlers) });
    return sendEnvelope(c, 405, `Method "${c.req.method}" not allowed.`);
  });
}

function allowHeader(handlers: MethodHandlers): string {
  return [...Object.keys(handlers).map((method) => method.toUpperCase()), 'OPTIONS'].join(', ');
}

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../appEnv.js';
import { sendEnvelope } from '../errorEnvelope.js';

/**
 * Refuses requests whose Host header names anything but the address we listen on, so a web page
 * on another origin cannot reach the local API through DNS rebinding.
 */
export const hostCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  const allowed = c.get('deps').allowedHosts;
  if (allowed === null) return next();
  // HTTP/1.1 clients always send Host; in-process requests (app.request) carry it in the URL only.
  const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
  if (!allowed.has(host)) {
    return sendEnvelope(
      c,
      400,
      `Invalid HTTP_HOST header: '${host}'. Outpost only answers requests addressed to ${[...allowed][0] ?? 'its own address'}.`,
    );
  }
  return next();
};

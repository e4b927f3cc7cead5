import type { Context, Hono } from 'hono';
import { findCachedMediaFile } from '../../domain/tasks/cachedMedia.js';
import type { AppEnv } from '../appEnv.js';
import { sendDjangoNotFound } from '../errorEnvelope.js';
import { sendMediaFile } from './media.js';

/** The name a cached file is shown under: its remote name, without the cache's hash prefix. */
function downloadName(name: string): string {
  return name.replace(/^[0-9a-f]{16}-/, '');
}

function serveCached(c: Context<AppEnv>): Response {
  const remote = Number(c.req.param('remote'));
  const name = c.req.param('name') ?? '';
  const file = findCachedMediaFile(c.get('deps'), remote, name);
  if (!file) return sendDjangoNotFound(c);
  return sendMediaFile(c, file, downloadName(name));
}

/**
 * Media of mirrored tasks downloaded by the sync, `/data/remote/<remote>/<name>` (not part of
 * Label Studio's API; the task serializers point at these when resolving URIs). Like uploads:
 * token or browser session required (app.ts guards /data/*), Range served.
 */
export function cachedMediaRoutes(app: Hono<AppEnv>): void {
  app.get('/data/remote/:remote{[0-9]+}/:name', serveCached);
}

import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import type { ResolveScope } from '../../domain/storages/storageUriRequest.js';
import { serveStorageUri } from '../../storages/serveStorageUri.js';
import type { OpenedObject } from '../../storages/storageClient.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';
import { sendMediaFile } from './media.js';
import { storageDeps } from './storages.js';

/*
 * `/tasks/<id>/resolve/?fileuri=...` and `/projects/<id>/resolve/` (with `/presign/`, their older
 * names): what task data's cloud URIs are rewritten to (domain/storages/resolveStorageMedia.ts).
 * Token or browser session required (app.ts). Answers as Label Studio's proxy_api.py does: 400,
 * 404 without a body, a 303 to a presigned URL, or the object streamed with its headers; a failed
 * stream is a 424. Outpost's own pages (signed in by the session cookie) always get the stream:
 * their CSP lets media come from this origin only.
 */

/** The paths, for app.ts to guard with requireAuth. */
export const STORAGE_RESOLVE_PATHS = ['tasks', 'projects'].flatMap((scope) =>
  ['resolve', 'presign'].map((verb) => `/${scope}/:id{[0-9]+}/${verb}`),
);

/** RESOLVER_PROXY_CACHE_TIMEOUT. */
const PROXY_CACHE_SECONDS = 3600;

/** prepare_headers: the storage's length, range and date, and an ETag tied to the user (a revoked one misses the cache). */
function objectHeaders(object: OpenedObject, userId: number): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': object.contentType || 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': `private, max-age=${PROXY_CACHE_SECONDS}, must-revalidate`,
    // Bytes from a bucket run no script in this origin, whatever their type.
    'Content-Security-Policy': 'sandbox',
    ETag: `"${userId}1${(object.etag ?? '').replace(/^"+|"+$/g, '')}"`,
  };
  if (object.size) headers['Content-Length'] = String(object.size);
  if (object.contentRange) headers['Content-Range'] = object.contentRange;
  if (object.lastModified) headers['Last-Modified'] = object.lastModified.toUTCString();
  return headers;
}

function resolveHandler(scope: ResolveScope) {
  return async (c: Context<AppEnv>) => {
    const range = c.req.header('range');
    const answer = await serveStorageUri(storageDeps(c), {
      scope,
      id: Number(c.req.param('id')),
      fileuri: c.req.query('fileuri'),
      range,
      signal: c.req.raw.signal,
      streamOnly: c.get('browserSession') === true,
    });
    switch (answer.kind) {
      case 'bad-request':
        return c.body(null, 400);
      case 'not-found':
        return c.body(null, 404);
      case 'redirect':
        return c.body(null, 303, {
          Location: answer.url,
          'Cache-Control': `no-store, max-age=${answer.maxAgeSeconds}`,
        });
      case 'cached':
        return sendMediaFile(c, answer.copy, answer.copy.name);
      case 'failed':
        return c.json({ error: 'Storage stream failed while proxying data', detail: answer.detail }, 424);
      case 'object': {
        const headers = objectHeaders(answer.object, c.get('userId'));
        if (range === undefined && c.req.header('if-none-match') === headers.ETag) {
          answer.object.body.destroy();
          return c.body(null, 304);
        }
        const body = Readable.toWeb(answer.object.body) as ReadableStream;
        return c.body(body, (answer.object.status ?? 200) as 200, headers);
      }
    }
  };
}

export function storageResolveRoutes(app: Hono<AppEnv>): void {
  for (const path of STORAGE_RESOLVE_PATHS) {
    defineRoute(app, path, { get: resolveHandler(path.startsWith('/tasks') ? 'task' : 'project') });
  }
}

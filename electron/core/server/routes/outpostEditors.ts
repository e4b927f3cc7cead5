import type { Hono } from 'hono';
import { CACHED_EDITOR_PATH } from '../../../../shared/api/editor.js';
import { isEditorFileName, isEditorKey, readCheckedFile, readManifest } from '../../sync/editor/editorCache.js';
import { projectEditor } from '../../sync/editor/projectEditor.js';
import type { AppEnv } from '../appEnv.js';
import { sendDjangoNotFound } from '../errorEnvelope.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, pathId } from './pathIds.js';

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  wasm: 'application/wasm',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
};

/**
 * The editors cached from remotes (issue 16), not part of Label Studio's API:
 * - `GET /api/outpost/projects/{id}/editor`: which editor labels the project (checked first);
 * - `GET /outpost-editors/<key>/<file>`: the editor's files for the editor frame. Like the app's
 *   own files they need no token (they are the remote's public web app); each is re-checked
 *   against its manifest as it is served, and one that changed is a 404 that removes the editor.
 */
export function outpostEditorRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/projects/:id{[0-9]+}/editor', {
    get: async (c) => c.json(await projectEditor(c.get('deps'), pathId(c, 'id', NO_PROJECT))),
  });

  app.get(`${CACHED_EDITOR_PATH}/:key/:name`, async (c) => {
    const { key, name } = c.req.param();
    const dataDir = c.get('deps').dataDir;
    if (!isEditorKey(key) || !isEditorFileName(name)) return sendDjangoNotFound(c);
    const type = CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
    if (name === 'manifest.json') {
      const manifest = await readManifest(dataDir, key);
      return manifest ? c.body(JSON.stringify(manifest), 200, headers) : sendDjangoNotFound(c);
    }
    const bytes = await readCheckedFile(dataDir, key, name);
    return bytes ? c.body(new Uint8Array(bytes), 200, headers) : sendDjangoNotFound(c);
  });
}

import type { Hono } from 'hono';
import { CACHED_EDITOR_PATH, chooseProjectEditorSchema } from '../../../../shared/api/editor.js';
import { chooseProjectEditor, projectEditorChoices } from '../../sync/editor/chooseProjectEditor.js';
import {
  isEditorFileName,
  isEditorKey,
  listEditors,
  readCheckedFile,
  readManifest,
} from '../../sync/editor/editorCache.js';
import { newestFirst, projectEditor } from '../../sync/editor/projectEditor.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { sendDjangoNotFound } from '../errorEnvelope.js';
import { FRAME_STATIC_CORS } from '../staticFiles.js';
import { readObjectBody } from '../requestBody.js';
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
 * The editors cached from remotes (docs/editor.md#remote-editors), not part of Label Studio's API:
 * - `GET /api/outpost/projects/{id}/editor`: which editor labels the project (checked first);
 *   `PUT` with `{"editor": key | null}` chooses it for a project made here (null: the bundled
 *   one), and `.../editor/choices` lists what can be chosen;
 * - `GET /outpost-editors/<remote id>/<build>/<file>`: the editor's files for the editor frame. Like the app's
 *   own files they need no token (they are the remote's public web app); each is re-checked
 *   against its manifest as it is served, and one that changed is a 404 that removes the editor;
 * - `GET /static/fonts/<name>`: the fonts a cached editor's stylesheet takes from its server's
 *   root (1.22's main.css: `url(/static/fonts/Figtree-Regular.ttf)`), from the newest editor
 *   that kept one, checked the same way.
 */
export function outpostEditorRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/projects/:id{[0-9]+}/editor', {
    get: async (c) => c.json(await projectEditor(c.get('deps'), pathId(c, 'id', NO_PROJECT))),
    put: async (c) => {
      const { editor } = parseWith(chooseProjectEditorSchema, await readObjectBody(c));
      return c.json(await chooseProjectEditor(c.get('deps'), pathId(c, 'id', NO_PROJECT), editor));
    },
  });
  defineRoute(app, '/api/outpost/projects/:id{[0-9]+}/editor/choices', {
    get: async (c) => c.json(await projectEditorChoices(c.get('deps'), pathId(c, 'id', NO_PROJECT))),
  });

  app.get(`${CACHED_EDITOR_PATH}/:remote{[0-9]+}/:build/:name`, async (c) => {
    const { remote, build, name } = c.req.param();
    const key = `${remote}/${build}`;
    const dataDir = c.get('deps').dataDir;
    if (!isEditorKey(key) || !isEditorFileName(name)) return sendDjangoNotFound(c);
    const type = CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...FRAME_STATIC_CORS,
    };
    if (name === 'manifest.json') {
      const manifest = await readManifest(dataDir, key);
      return manifest ? c.body(JSON.stringify(manifest), 200, headers) : sendDjangoNotFound(c);
    }
    const bytes = await readCheckedFile(dataDir, key, name);
    return bytes ? c.body(new Uint8Array(bytes), 200, headers) : sendDjangoNotFound(c);
  });

  app.get('/static/fonts/:name', async (c) => {
    const path = `/static/fonts/${c.req.param('name')}`;
    const dataDir = c.get('deps').dataDir;
    for (const manifest of (await listEditors(dataDir)).sort(newestFirst)) {
      const kept = manifest.site_files?.find((file) => file.path === path);
      const bytes = kept && (await readCheckedFile(dataDir, manifest.key, kept.name));
      if (!bytes) continue;
      const type = CONTENT_TYPES[kept.name.split('.').pop() ?? ''] ?? 'application/octet-stream';
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': type,
        'Cache-Control': 'no-cache',
        ...FRAME_STATIC_CORS,
      });
    }
    return sendDjangoNotFound(c);
  });
}

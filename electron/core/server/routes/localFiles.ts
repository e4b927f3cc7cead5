import type { Hono } from 'hono';
import { findLocalFile, SERVING_DISABLED } from '../../storages/localFileServing.js';
import type { AppEnv } from '../appEnv.js';
import { sendDjangoNotFound } from '../errorEnvelope.js';
import { sendMediaFile } from './media.js';
import { storageDeps } from './storages.js';

/** Files of local-files storages, `/data/local-files/?d=...` (token or browser session required, Range served). */
export function localFilesRoutes(app: Hono<AppEnv>): void {
  app.get('/data/local-files', (c) => {
    const found = findLocalFile(storageDeps(c), c.req.query('d'));
    if (found.kind === 'disabled') return c.text(SERVING_DISABLED, 403);
    if (found.kind === 'forbidden') return c.body(null, 403);
    if (found.kind === 'not-found') return sendDjangoNotFound(c);
    return sendMediaFile(c, found, found.name);
  });
}

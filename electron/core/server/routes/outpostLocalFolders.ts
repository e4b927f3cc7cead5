import type { Hono } from 'hono';
import { DomainError } from '../../domain/errors.js';
import { allowChosenFolder, readAllowedFolders } from '../../storages/allowedFolders.js';
import type { AppEnv } from '../appEnv.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { storageDeps } from './storages.js';

const WINDOW_ONLY =
  'Only Outpost\'s own window can allow a folder: choose it there ("Label a folder", or Cloud Storage in the ' +
  'project settings). API clients can then use it for local files storages.';

/**
 * `/api/outpost/local-folders/` (not part of Label Studio's API): the folders the user chose in
 * the app for local-files storages. Anyone signed in may read the list; only the app's own
 * window, signed in by its session cookie, may add to it, so a token alone cannot open a folder.
 */
export function outpostLocalFoldersRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/local-folders', {
    get: (c) => {
      const rules = storageDeps(c).localFiles;
      return c.json({ folders: rules.userPicksFolders && rules.dataDir ? readAllowedFolders(rules.dataDir) : [] });
    },
    post: async (c) => {
      if (!c.get('browserSession')) throw new DomainError(403, WINDOW_ONLY);
      const body = await readObjectBody(c);
      return c.json({ folders: allowChosenFolder(storageDeps(c).localFiles, body.path) }, 201);
    },
  });
}

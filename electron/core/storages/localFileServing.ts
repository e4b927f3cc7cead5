import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { listStorageRows } from '../db/repos/storagesRepo.js';
import { settingsOf } from '../domain/storages/storageRows.js';
import { normalizeStoragePath } from './clients/localFilesClient.js';
import { forbiddenFolderReason, hiddenSegment, isInsideAllowedFolder, readAllowedFolders } from './allowedFolders.js';
import type { LocalFilesRules, StorageDeps } from './storageDeps.js';

/*
 * `/data/local-files/?d=<path under the document root>` (Label Studio's localfiles_data): only
 * with serving switched on, only inside the document root, and only a file inside the folder of
 * some local-files import storage, also once symlinks are followed. Anything else is refused or
 * not found, as there. Beyond Label Studio: nothing hidden (a dot-named part) is served, and in
 * the desktop app only folders the user chose (allowedFolders.ts).
 */

export type LocalFileLookup =
  | { kind: 'file'; path: string; size: number; name: string }
  | { kind: 'disabled' }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

export const SERVING_DISABLED =
  "Serving local files can be dangerous, so it's disabled by default. You can enable it with " +
  'LOCAL_FILES_SERVING_ENABLED environment variable, please check docs: ' +
  'https://labelstud.io/guide/storage.html#Local-storage';

function contains(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/**
 * A storage's folder serves files only while the rules allow it: in the desktop app it must
 * still be chosen (or inside a chosen one) and not forbidden, which also covers storages saved
 * before those rules existed.
 */
function isServableFolder(rules: LocalFilesRules, folder: string): boolean {
  if (hiddenSegment(folder) !== null) return false;
  if (!rules.userPicksFolders) return true;
  if (!rules.dataDir) return false;
  const limits = { dataDir: rules.dataDir, homeDir: rules.homeDir };
  return (
    forbiddenFolderReason(folder, limits) === null && isInsideAllowedFolder(folder, readAllowedFolders(rules.dataDir))
  );
}

export function findLocalFile(deps: StorageDeps, requested: string | undefined): LocalFileLookup {
  if (!deps.localFiles.servingEnabled) return { kind: 'disabled' };
  if (!requested) return { kind: 'forbidden' };
  const root = resolve(deps.localFiles.documentRoot);
  // posixpath.normpath, then no leading slash: always a path under the root.
  const cleaned = posix.normalize(requested.replaceAll('\\', '/')).replace(/^\/+/, '');
  const full = resolve(join(root, cleaned));
  if (!contains(root, full)) return { kind: 'not-found' };
  // Hidden files and folders (`.ssh`, `.git`) are never served, whatever storage holds them.
  if (hiddenSegment(cleaned) !== null) return { kind: 'forbidden' };
  if (!existsSync(full)) return { kind: 'not-found' };
  // Judged by where the file really is: a symlink in a storage folder must not lead out of it.
  const real = realpathSync(full);
  if (!contains(realpathSync(root), real)) return { kind: 'not-found' };
  if (hiddenSegment(real) !== null) return { kind: 'forbidden' };
  const folders = listStorageRows(deps.db, { project: null, direction: 'import', type: 'localfiles' })
    .flatMap((row) => {
      const path = settingsOf(row).path;
      return typeof path === 'string' && path !== '' ? [resolve(normalizeStoragePath(path))] : [];
    })
    .filter((folder) => isServableFolder(deps.localFiles, folder));
  const allowed = folders.some(
    (folder) => contains(folder, dirname(full)) && existsSync(folder) && contains(realpathSync(folder), real),
  );
  if (!allowed) return { kind: 'not-found' };
  const stats = statSync(real);
  if (!stats.isFile()) return { kind: 'not-found' };
  return { kind: 'file', path: real, size: stats.size, name: posix.basename(cleaned) };
}

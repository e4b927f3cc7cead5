import { existsSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { formatTimestamp } from '../../domain/clock.js';
import type { LocalFilesRules } from '../storageDeps.js';
import { forbiddenFolderReason, hiddenSegment, isInsideAllowedFolder, readAllowedFolders } from '../allowedFolders.js';
import { StorageError, type StorageClient, type StorageConfig, type StorageObjectInfo } from '../storageClient.js';
import { pythonQuote, pythonReMatch } from '../pythonUrls.js';

/*
 * A folder of this machine (Label Studio's LocalFilesImportStorage and ...ExportStorage). Headless
 * it must sit inside LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT and serving must be switched on, as in
 * Label Studio; in the desktop app a folder the user chose in the app (allowedFolders.ts). Nothing
 * inside a hidden (dot) folder is ever used. Files become tasks named
 * `/data/local-files/?d=<path under the document root>`, which Outpost serves (routes/localFiles.ts).
 */

/** Label Studio's normalize_storage_path: trimmed, backslashes as separators, normalized. */
export function normalizeStoragePath(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  const collapsed = trimmed.replaceAll('\\', sep);
  const normalized = normalize(collapsed);
  return normalized.length > 1 && normalized.endsWith(sep) ? normalized.slice(0, -1) : normalized;
}

function isInside(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/** The desktop app's rule: a folder the user chose in the app, or one inside it, and never a forbidden one. */
function checkChosenFolder(path: string, rules: LocalFilesRules): void {
  const dataDir = rules.dataDir ?? '';
  const reason = forbiddenFolderReason(path, { dataDir, homeDir: rules.homeDir });
  if (reason) {
    throw new StorageError(`Absolute local path "${path}" ${reason}, so it cannot be used by security reasons.`);
  }
  if (!dataDir || !isInsideAllowedFolder(path, readAllowedFolders(dataDir))) {
    throw new StorageError(
      `Absolute local path "${path}" is not a folder chosen in Outpost by security reasons. Choose it in the ` +
        'app first ("Label a folder", or Cloud Storage in the project settings); then it and the folders inside ' +
        'it can be used from the API too.',
    );
  }
}

/** LocalFilesMixin.validate_connection, with its texts (plus the desktop app's and the hidden-folder rules). */
export function checkLocalFolder(rawPath: unknown, rules: LocalFilesRules): string {
  const path = typeof rawPath === 'string' ? normalizeStoragePath(rawPath) : '';
  if (!path) throw new StorageError('Path must be set for Local Files storage');
  const root = rules.documentRoot;
  const example = join(root, 'dataset1');
  if (!existsSync(path)) throw new StorageError(`Absolute local path "${path}" does not exist`);
  const hidden = hiddenSegment(path);
  if (hidden) {
    throw new StorageError(
      `Absolute local path "${path}" cannot be inside a hidden folder ("${hidden}") by security reasons. ` +
        'Please use a folder whose path has no part starting with a dot.',
    );
  }
  if (rules.userPicksFolders) checkChosenFolder(path, rules);
  else {
    if (resolve(path) === resolve(root)) {
      throw new StorageError(
        `Absolute local path "${path}" cannot be the same as LOCAL_FILES_DOCUMENT_ROOT="${root}" by security ` +
          `reasons. Please add a subdirectory. For example: "${example}".`,
      );
    }
    if (!isInside(resolve(root), resolve(path))) {
      throw new StorageError(
        `Absolute local path "${path}" must be a subdirectory of LOCAL_FILES_DOCUMENT_ROOT="${root}" by security ` +
          `reasons. For example: "${example}".`,
      );
    }
  }
  if (!rules.servingEnabled) {
    throw new StorageError(
      'Serving local files from the host filesystem can be a security risk, so LOCAL_FILES_SERVING_ENABLED is ' +
        'disabled by default. To enable Local Files storage, set the LOCAL_FILES_SERVING_ENABLED environment ' +
        'variable to "true" and restart Label Studio. See https://labelstud.io/guide/storage.html#Local-storage ' +
        'for details.\n\n',
    );
  }
  if (!statSync(path).isDirectory()) throw new StorageError(`Absolute local path "${path}" is not a folder`);
  return path;
}

/** Every file under `folder` (one level, or all), as Label Studio sorts them: by file name. */
async function filesUnder(folder: string, recursive: boolean): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? folder, entry.name))
    // Hidden files and whatever hidden folders hold are never served, so they are no tasks either.
    .filter((file) => hiddenSegment(relative(folder, file)) === null);
  // Python's sorted() on str compares code points; the sort is stable, as Python's is.
  return files.sort((a, b) => {
    const [x, y] = [basename(a), basename(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

export function createLocalFilesClient(config: StorageConfig, rules: LocalFilesRules): StorageClient {
  const folder = () => checkLocalFolder(config.fields.path, rules);
  return {
    async validate() {
      folder();
    },
    async *list() {
      const root = folder();
      for (const file of await filesUnder(root, config.recursive)) {
        // Label Studio matches the filter against the file's name, not its path.
        if (config.regexFilter && !pythonReMatch(config.regexFilter, basename(file))) continue;
        const info = await stat(file);
        // A DRF datetime, as Label Studio's files API shows `last_modified`.
        const object: StorageObjectInfo = { key: file, lastModified: formatTimestamp(info.mtime), size: info.size };
        yield object;
      }
    },
    async read(key, maxBytes) {
      const info = await stat(key);
      if (info.size > maxBytes) throw new StorageError(`File "${key}" is larger than ${maxBytes} bytes.`);
      return readFile(key);
    },
    async write(key, body) {
      const target = join(folder(), key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed over it: a tool reading the folder (or an import
      // storage on it) never sees half an annotation.
      const partial = join(dirname(target), `.${basename(target)}.${process.pid}.${randomUUID()}.partial`);
      try {
        await writeFile(partial, body);
        await rename(partial, target);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async remove(key) {
      await rm(join(folder(), key), { force: true });
    },
    uriOf(key) {
      const path = relative(rules.documentRoot, key).split(sep).join('/');
      return `/data/local-files/?d=${pythonQuote(path)}`;
    },
    canResolve: () => false,
    presignedUrl: async () => null,
    async open() {
      throw new StorageError('Local files are served at /data/local-files/, not through a storage proxy.');
    },
    close: async () => undefined,
  };
}

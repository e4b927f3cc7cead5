import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { DomainError, ValidationError } from '../domain/errors.js';
import { normalizeStoragePath } from './clients/localFilesClient.js';
import type { LocalFilesRules } from './storageDeps.js';

/*
 * In the desktop app (and browser mode, the desktop app without Electron) a local-files storage
 * may use only folders the user chose in the app: Outpost's own window says so through its
 * signed-in session (never an API token), and the choice is remembered in the data folder.
 * API clients (the SDK, scripts) can then use those folders and the folders inside them. Some
 * folders are never allowed, chosen or not: the file system's root, the home folder and what
 * holds it, system folders, the data folder, and anything inside a hidden (dot) folder.
 */

const FILE_NAME = 'local-folders.json';

/** System folders of Unix-like systems: neither they nor anything inside them may be served. */
const SYSTEM_FOLDERS = [
  '/etc',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/usr',
  '/run',
  '/var/run',
  '/System',
  '/Library',
  '/private/etc',
];

export function isInsideOrSame(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/** The first part of `path` that names a hidden file or folder (`.ssh`), or null. */
export function hiddenSegment(path: string): string | null {
  return path.split(/[\\/]+/).find((part) => part.startsWith('.') && part !== '.' && part !== '..') ?? null;
}

export interface FolderLimits {
  dataDir: string;
  homeDir?: string;
}

/** Why `path` (absolute, normalized) may never be a local-files folder, or null when it may. */
export function forbiddenFolderReason(path: string, limits: FolderLimits): string | null {
  const folder = resolve(path);
  const home = resolve(limits.homeDir ?? homedir());
  const dataDir = resolve(limits.dataDir);
  if (parse(folder).root === folder) return 'is the root of the file system';
  if (folder === home) return 'is the home folder; choose a folder inside it';
  if (isInsideOrSame(folder, home)) return 'holds the home folder';
  const hidden = hiddenSegment(folder);
  if (hidden) return `is inside a hidden folder ("${hidden}")`;
  if (isInsideOrSame(folder, dataDir) || isInsideOrSame(dataDir, folder)) return "is or holds Outpost's data folder";
  const system = SYSTEM_FOLDERS.find((name) => sep === '/' && isInsideOrSame(name, folder));
  if (system) return `is a system folder (${system})`;
  if (process.platform === 'win32' && /^[a-z]:\\windows(\\|$)/i.test(folder)) return 'is a system folder';
  return null;
}

function storePath(dataDir: string): string {
  return join(dataDir, FILE_NAME);
}

/** The folders the user chose in the app, oldest first. */
export function readAllowedFolders(dataDir: string): string[] {
  const file = storePath(dataDir);
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { folders?: unknown };
    return Array.isArray(parsed.folders)
      ? parsed.folders.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    // A damaged list allows nothing: the user chooses the folders again.
    return [];
  }
}

/** Remembers a folder the user chose (once), owner-only like the data folder's other files. */
export function rememberAllowedFolder(dataDir: string, folder: string): string[] {
  const folders = readAllowedFolders(dataDir);
  const path = resolve(folder);
  if (folders.includes(path)) return folders;
  const next = [...folders, path];
  const file = storePath(dataDir);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify({ folders: next }, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
  return next;
}

/** Whether `path` is a chosen folder or inside one. */
export function isInsideAllowedFolder(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => isInsideOrSame(folder, resolve(path)));
}

/**
 * `POST /api/outpost/local-folders`: the user chose `rawPath` in the app. It must be an existing
 * folder that is not forbidden; it is then remembered. Returns every chosen folder.
 */
export function allowChosenFolder(rules: LocalFilesRules, rawPath: unknown): string[] {
  const refuse = (message: string): never => {
    throw new ValidationError({ path: [message] });
  };
  if (!rules.userPicksFolders || !rules.dataDir) {
    throw new DomainError(
      400,
      'Outpost runs as a server here: local folders are set by its LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT, not chosen.',
    );
  }
  if (typeof rawPath !== 'string' || rawPath.trim() === '') return refuse('This field may not be blank.');
  const path = normalizeStoragePath(rawPath);
  if (!isAbsolute(path)) return refuse(`"${path}" is not an absolute path: start it at the root, e.g. "/data/photos".`);
  if (!existsSync(path)) return refuse(`The folder "${path}" does not exist.`);
  if (!statSync(path).isDirectory()) return refuse(`"${path}" is a file, not a folder.`);
  const reason = forbiddenFolderReason(path, { dataDir: rules.dataDir, homeDir: rules.homeDir });
  if (reason) return refuse(`The folder "${path}" ${reason}, so Outpost will not serve its files.`);
  return rememberAllowedFolder(rules.dataDir, path);
}

import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';

/*
 * Everything in a data folder is the user's labeling data (or secrets): owner-only. Modes given
 * when creating are masked by the umask, which can only take bits away, so these never come out
 * looser whatever the umask; files and folders made before are tightened on start.
 */

/** Folders of a data folder: rwx for the owner alone. */
export const OWNER_ONLY_DIR = 0o700;
/** Files of a data folder: rw for the owner alone. */
export const OWNER_ONLY_FILE = 0o600;

/** Whether group or others may do anything with `path` (false when it does not exist, and on Windows). */
export function isOpenToOthers(path: string): boolean {
  if (process.platform === 'win32' || !existsSync(path)) return false;
  return (statSync(path).mode & 0o077) !== 0;
}

/** Takes group and other permissions off `path` if it has any; says whether it did. */
export function tightenToOwnerOnly(path: string, mode: number): boolean {
  if (!isOpenToOthers(path)) return false;
  chmodSync(path, mode);
  return true;
}

/**
 * Makes the database file owner-only before SQLite opens it: SQLite gives its -wal and -shm files
 * the database file's own permissions, so they follow.
 */
export function prepareDatabaseFile(path: string): void {
  if (path === ':memory:') return;
  if (!existsSync(path)) closeSync(openSync(path, 'a', OWNER_ONLY_FILE));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) tightenToOwnerOnly(file, OWNER_ONLY_FILE);
}

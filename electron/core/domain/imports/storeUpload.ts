import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../db/fileModes.js';
import { fileExtension } from './importContext.js';

/** Django's FileField max_length for FileUpload.file: longer names lose the end of their stem. */
const MAX_STORED_NAME = 100;

/**
 * Django's `get_valid_name` on the client's file name: its last path part, spaces to underscores,
 * anything but letters, digits, `-`, `_` and `.` dropped. Never empty, never a dot name.
 */
export function validUploadName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const name = base
    .trim()
    .replaceAll(' ', '_')
    .replace(/[^-\p{L}\p{N}\p{M}_.]/gu, '');
  return name === '' || name === '.' || name === '..' ? 'file' : name;
}

/** Where a stored name (`upload/<project>/<file>`) lives under the uploads folder, never outside it. */
export function uploadPath(uploadsDir: string, storedName: string): string {
  const root = resolve(uploadsDir);
  const path = resolve(root, storedName.replace(/^upload\//, ''));
  if (!path.startsWith(root + sep)) throw new Error(`upload path escapes the uploads folder: ${storedName}`);
  return path;
}

/**
 * `upload/<project>/<first 8 chars of a uuid4>-<name>`, as Label Studio's upload_name_generator
 * names files, with a fresh prefix if that file already exists.
 */
export function newStoredName(uploadsDir: string, project: number, original: string): string {
  let name = validUploadName(original);
  const prefixLength = `upload/${project}/12345678-`.length;
  if (prefixLength + name.length > MAX_STORED_NAME) {
    const extension = fileExtension(name);
    const stem = name.slice(0, name.length - extension.length);
    name = stem.slice(0, Math.max(1, MAX_STORED_NAME - prefixLength - extension.length)) + extension;
  }
  for (;;) {
    const stored = `upload/${project}/${randomUUID().slice(0, 8)}-${name}`;
    if (!existsSync(uploadPath(uploadsDir, stored))) return stored;
  }
}

/** Moves a received file (already on disk, same volume) to its stored place. */
export function placeUpload(uploadsDir: string, tempPath: string, storedName: string): string {
  const path = uploadPath(uploadsDir, storedName);
  mkdirSync(join(path, '..'), { recursive: true, mode: OWNER_ONLY_DIR });
  renameSync(tempPath, path);
  return path;
}

export function writeUpload(uploadsDir: string, storedName: string, bytes: Uint8Array): string {
  const path = uploadPath(uploadsDir, storedName);
  mkdirSync(join(path, '..'), { recursive: true, mode: OWNER_ONLY_DIR });
  writeFileSync(path, bytes, { mode: OWNER_ONLY_FILE });
  return path;
}

/** Best effort: files of an import that was rolled back, or temporary files nobody took. */
export function removeFiles(paths: readonly string[]): void {
  for (const path of paths) rmSync(path, { force: true });
}

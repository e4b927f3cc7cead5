import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../../db/fileModes.js';

/** The absolute path of a stored snapshot or converted file (`<project>/<name>`), never outside the folder. */
export function snapshotFilePath(exportsDir: string, stored: string): string {
  const root = resolve(exportsDir);
  const path = resolve(root, stored);
  if (!path.startsWith(root + sep)) throw new Error(`export path escapes the exports folder: ${stored}`);
  return path;
}

/**
 * Writes a stream to `<exportsDir>/<project>/<partial name>` while hashing it, then gives the
 * caller the md5 to name the file by and moves it there. A failed write leaves nothing behind.
 */
export async function writeSnapshotFile(
  exportsDir: string,
  project: number,
  body: ReadableStream<Uint8Array>,
  nameFor: (md5: string) => string,
): Promise<{ stored: string; md5: string }> {
  const folder = join(exportsDir, String(project));
  mkdirSync(folder, { recursive: true, mode: OWNER_ONLY_DIR });
  const partial = join(folder, `.partial-${process.pid}-${Date.now()}-${Math.random().toString(16).slice(2)}`);
  const hash = createHash('md5');
  const file = await open(partial, 'w', OWNER_ONLY_FILE);
  try {
    for await (const chunk of body) {
      hash.update(chunk);
      await file.write(chunk);
    }
  } catch (error) {
    await file.close();
    await rm(partial, { force: true });
    throw error;
  }
  await file.close();
  const md5 = hash.digest('hex');
  const stored = `${project}/${nameFor(md5)}`;
  await rename(partial, snapshotFilePath(exportsDir, stored));
  return { stored, md5 };
}

export function removeSnapshotFile(exportsDir: string, stored: string | null): void {
  if (stored) rmSync(snapshotFilePath(exportsDir, stored), { force: true });
}

/** A deleted project's snapshot files go with it. */
export function removeProjectExports(exportsDir: string, project: number): void {
  rmSync(join(exportsDir, String(project)), { recursive: true, force: true });
}

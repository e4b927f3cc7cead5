import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CachedEditorFile, CachedEditorManifest } from '../../../../shared/api/editor.js';

/*
 * Cached remote editors, one folder per remote: `<data folder>/editors/<remote id>/<release>-<commit>/`,
 * the files as that remote served them and a `manifest.json` naming each with its SHA-256. An
 * editor's key is that path below `editors/` (`3/1.22.0-090298d3adce`), so two remotes on the
 * same build each keep their own copy: what one remote served never labels another's projects.
 * A folder is written whole beside the others and renamed into place, so a key that exists is
 * complete. A file whose bytes no longer match the manifest (changed on disk by anything) gets
 * its whole editor removed: the editor is third-party code, and only what was downloaded and
 * checked may run. Folders from before editors were kept per remote (`editors/<release>-<commit>/`)
 * are removed when a remote's editor is next stored; each remote downloads its own again.
 */

const MANIFEST = 'manifest.json';
const BUILD = /^[A-Za-z0-9][\w.-]{0,99}$/;
const KEY = /^([0-9]{1,12})\/([A-Za-z0-9][\w.-]{0,99})$/;
const FILE_NAME = /^[A-Za-z0-9][\w.-]{0,199}$/;

export const editorsDir = (dataDir: string) => join(dataDir, 'editors');
export const isEditorKey = (key: string) => KEY.test(key) && !key.includes('..');
export const isEditorFileName = (name: string) => FILE_NAME.test(name) && !name.includes('..');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const folderOf = (dataDir: string, key: string) => join(editorsDir(dataDir), ...key.split('/'));

/** `1.22.0-090298d3adce`: the release and the editor's commit, which names its build. */
export function editorBuild(release: string, commit: string): string {
  const safe = (text: string) => text.replace(/[^\w.-]+/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return `${safe(release).slice(0, 40) || 'unknown'}-${safe(commit).slice(0, 12) || 'unknown'}`;
}

/** `3/1.22.0-090298d3adce`: that build as remote 3 served it. */
export function editorKey(remoteId: number, release: string, commit: string): string {
  return `${remoteId}/${editorBuild(release, commit)}`;
}

/** The remote an editor was downloaded from, by its key; null for a key of no remote. */
export function remoteOfEditorKey(key: string): number | null {
  const match = KEY.exec(key);
  return match && isEditorKey(key) ? Number(match[1]) : null;
}

/** Removes the folders of editors cached before they were kept per remote. */
async function discardSharedEditors(dataDir: string): Promise<void> {
  const names = await readdir(editorsDir(dataDir)).catch(() => [] as string[]);
  const shared = names.filter((name) => BUILD.test(name) && !/^[0-9]+$/.test(name));
  await Promise.all(shared.map((name) => rm(join(editorsDir(dataDir), name), { recursive: true, force: true })));
}

/** Removes every editor a remote brought: the remote is gone, and its id may be given to another. */
export async function discardRemoteEditors(dataDir: string, remoteId: number): Promise<void> {
  await rm(join(editorsDir(dataDir), String(remoteId)), { recursive: true, force: true });
}

export function fingerprint(files: ReadonlyMap<string, Buffer>): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(name).update(sha256(bytes));
  return hash.digest('hex');
}

/** Writes an editor's folder whole, replacing any folder of the same key. */
export async function storeEditor(
  dataDir: string,
  manifest: Omit<CachedEditorManifest, 'files'>,
  files: ReadonlyMap<string, Buffer>,
): Promise<CachedEditorManifest> {
  if (!isEditorKey(manifest.key)) throw new Error(`"${manifest.key}" is not a usable editor key.`);
  const listed: CachedEditorFile[] = [];
  const root = editorsDir(dataDir);
  const incoming = join(root, `.incoming-${randomUUID()}`);
  await mkdir(incoming, { recursive: true });
  try {
    for (const [name, bytes] of files) {
      if (!isEditorFileName(name) || name === MANIFEST) throw new Error(`"${name}" is not a usable file name.`);
      await writeFile(join(incoming, name), bytes);
      listed.push({ name, size: bytes.length, sha256: sha256(bytes) });
    }
    const complete: CachedEditorManifest = { ...manifest, files: listed };
    await writeFile(join(incoming, MANIFEST), JSON.stringify(complete, null, 2));
    const folder = folderOf(dataDir, manifest.key);
    await mkdir(dirname(folder), { recursive: true });
    await rm(folder, { recursive: true, force: true });
    await rename(incoming, folder);
    await discardSharedEditors(dataDir);
    return complete;
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

function isManifest(value: unknown, key: string): value is CachedEditorManifest {
  const manifest = value as CachedEditorManifest | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    manifest.key === key &&
    typeof manifest.release === 'string' &&
    typeof manifest.fetched_at === 'string' &&
    typeof manifest.boot === 'object' &&
    Array.isArray(manifest.tags) &&
    Array.isArray(manifest.files) &&
    manifest.files.every((file) => isEditorFileName(file?.name) && typeof file.sha256 === 'string') &&
    (manifest.site_files ?? []).every((file) => typeof file?.path === 'string' && isEditorFileName(file.name))
  );
}

export async function readManifest(dataDir: string, key: string): Promise<CachedEditorManifest | null> {
  if (!isEditorKey(key)) return null;
  try {
    const parsed: unknown = JSON.parse(await readFile(join(folderOf(dataDir, key), MANIFEST), 'utf8'));
    return isManifest(parsed, key) ? parsed : null;
  } catch {
    return null;
  }
}

/** Every cached editor with a readable manifest, of every remote. */
export async function listEditors(dataDir: string): Promise<CachedEditorManifest[]> {
  if (!existsSync(editorsDir(dataDir))) return [];
  const remotes = (await readdir(editorsDir(dataDir))).filter((name) => /^[0-9]{1,12}$/.test(name));
  const keys: string[] = [];
  for (const remote of remotes) {
    const builds = await readdir(join(editorsDir(dataDir), remote)).catch(() => [] as string[]);
    keys.push(...builds.map((build) => `${remote}/${build}`).filter(isEditorKey));
  }
  const manifests = await Promise.all(keys.map((key) => readManifest(dataDir, key)));
  return manifests.filter((manifest): manifest is CachedEditorManifest => manifest !== null);
}

export async function discardEditor(dataDir: string, key: string): Promise<void> {
  if (isEditorKey(key)) await rm(folderOf(dataDir, key), { recursive: true, force: true });
}

/**
 * One file of a cached editor, if it is listed and still the bytes that were downloaded. A file
 * that changed removes the whole editor (its other files can no longer be trusted either).
 */
export async function readCheckedFile(dataDir: string, key: string, name: string): Promise<Buffer | null> {
  const manifest = await readManifest(dataDir, key);
  const listed = manifest?.files.find((file) => file.name === name);
  if (!listed) return null;
  let bytes: Buffer;
  try {
    bytes = await readFile(join(folderOf(dataDir, key), name));
  } catch {
    await discardEditor(dataDir, key);
    return null;
  }
  if (sha256(bytes) === listed.sha256) return bytes;
  await discardEditor(dataDir, key);
  return null;
}

/** Checks every file of an editor; a missing or changed one removes it. */
export async function checkEditor(dataDir: string, key: string): Promise<'ok' | 'missing' | 'discarded'> {
  const manifest = await readManifest(dataDir, key);
  if (!manifest) {
    // A folder without a readable manifest is half of something: it cannot be checked.
    if (!isEditorKey(key) || !existsSync(folderOf(dataDir, key))) return 'missing';
    await discardEditor(dataDir, key);
    return 'discarded';
  }
  for (const file of manifest.files) {
    if (!(await readCheckedFile(dataDir, key, file.name))) return 'discarded';
  }
  return 'ok';
}

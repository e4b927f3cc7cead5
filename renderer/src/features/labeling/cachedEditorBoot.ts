/**
 * A cached editor's address and boot recipe, checked before the editor frame loads anything: the
 * manifest comes from the data folder, written from what a remote server sent, so it is read as
 * untrusted input. Pure, for unit tests.
 */
import { CACHED_EDITOR_PATH, type EditorBoot } from '../../../../shared/api/editor';

/**
 * `<remote id>/<build>`: two folders of a URL path, each a plain name (no further slash, no
 * `..`, nothing to escape).
 */
export function isEditorKey(value: string): boolean {
  return /^[0-9]{1,12}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(value) && !value.includes('..');
}

/** The folder a cached editor's files are served from, e.g. `/outpost-editors/3/1.22.0-090298d3adce/`. */
export function cachedEditorFolder(key: string): string {
  if (!isEditorKey(key)) throw new Error(`“${key}” is not the name of a cached editor.`);
  return `${CACHED_EDITOR_PATH}/${key}/`;
}

// A file inside the editor's folder: each path segment a plain name (no `..`, no absolute URL).
const isFileName = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= 200 &&
  value.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment));

const isChunkId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function names(boot: Record<string, unknown>, field: 'scripts' | 'modules' | 'styles'): string[] {
  const value = boot[field];
  if (!Array.isArray(value) || !value.every(isFileName)) {
    throw new Error(`Its manifest lists no usable boot.${field} (file names inside its folder).`);
  }
  return value;
}

/**
 * The boot recipe of a `manifest.json` (`CachedEditorManifest`), or an error saying what is
 * wrong with it. Only `boot` is read: the server has checked the files against their hashes.
 */
export function readEditorBoot(manifest: unknown): EditorBoot {
  if (!isRecord(manifest) || !isRecord(manifest.boot)) throw new Error('Its manifest has no boot recipe.');
  const boot = manifest.boot;
  // The webpack chunk array is a global the recipe reads and writes: an identifier, nothing else.
  if (typeof boot.chunkGlobal !== 'string' || !/^[A-Za-z_$][\w$]{0,99}$/.test(boot.chunkGlobal)) {
    throw new Error('Its manifest names no usable boot.chunkGlobal.');
  }
  const scripts = names(boot, 'scripts');
  if (scripts.length === 0) throw new Error('Its manifest lists no boot.scripts: nothing would load the editor.');
  if (!Array.isArray(boot.chunks) || !boot.chunks.every(isChunkId)) {
    throw new Error('Its manifest lists no usable boot.chunks (chunk numbers).');
  }
  if (!isChunkId(boot.module)) throw new Error('Its manifest names no usable boot.module (a module number).');
  // Manifests written before styleModules existed have none.
  const styleModules = boot.styleModules ?? [];
  if (!Array.isArray(styleModules) || !styleModules.every(isChunkId)) {
    throw new Error('Its manifest lists no usable boot.styleModules (module numbers).');
  }
  // Manifests written before featureFlags existed have none: every flag off, the editor's default.
  const featureFlags = boot.featureFlags ?? {};
  if (!isRecord(featureFlags) || !Object.values(featureFlags).every((value) => typeof value === 'boolean')) {
    throw new Error('Its manifest lists no usable boot.featureFlags (names and true or false).');
  }
  return {
    chunkGlobal: boot.chunkGlobal,
    scripts,
    modules: names(boot, 'modules'),
    styles: names(boot, 'styles'),
    chunks: boot.chunks,
    module: boot.module,
    styleModules,
    featureFlags: featureFlags as Record<string, boolean>,
  };
}

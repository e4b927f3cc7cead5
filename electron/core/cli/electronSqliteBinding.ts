import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type BindingResult = { ok: true; path: string } | { ok: false; reason: string };

const BINDING = join('build', 'Release', 'better_sqlite3.node');

/**
 * In a development checkout better-sqlite3 is compiled for Node, which the CLI and tests need.
 * Electron needs the same addon built for its own ABI, so we keep a second copy in a cache folder:
 * a prebuilt binary for this Electron version when one can be downloaded, else a node-gyp build
 * against Electron's headers. Packaged apps do not need this (electron-builder rebuilds the addon).
 */
export function ensureElectronSqliteBinding(electronVersion: string, fromUrl: string = import.meta.url): BindingResult {
  const require = createRequire(fromUrl);
  let sourceDir: string;
  try {
    sourceDir = dirname(require.resolve('better-sqlite3/package.json'));
  } catch {
    return { ok: false, reason: 'better-sqlite3 is not installed' };
  }
  const cacheDir = join(dirname(sourceDir), '.cache', 'outpost', `better-sqlite3-electron-${electronVersion}`);
  const binding = join(cacheDir, BINDING);
  if (existsSync(binding)) return { ok: true, path: binding };

  mkdirSync(cacheDir, { recursive: true });
  cpSync(sourceDir, cacheDir, { recursive: true, filter: (path) => !path.startsWith(join(sourceDir, 'build')) });
  const target = ['--runtime=electron', `--target=${electronVersion}`, `--arch=${process.arch}`];
  const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: cacheDir, stdio: 'inherit' }).status === 0;

  const prebuild = resolveOptional(require, 'prebuild-install/bin.js');
  if (prebuild && run([prebuild, ...target]) && existsSync(binding)) return { ok: true, path: binding };
  const nodeGyp = process.env.npm_config_node_gyp ?? resolveOptional(require, 'node-gyp/bin/node-gyp.js');
  if (nodeGyp && run([nodeGyp, 'rebuild', '--release', ...target, '--dist-url=https://electronjs.org/headers'])) {
    if (existsSync(binding)) return { ok: true, path: binding };
  }
  return { ok: false, reason: `better-sqlite3 could not be built for Electron ${electronVersion}` };
}

function resolveOptional(require: NodeJS.Require, specifier: string): string | null {
  try {
    return require.resolve(specifier);
  } catch {
    return null;
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronLookup = { found: true; binary: string; version: string } | { found: false; reason: string };

/**
 * Finds the Electron binary the way the electron package's index.js does (path.txt + dist/),
 * without importing it: the package throws on import when its binary was never downloaded.
 */
export function findElectron(fromUrl: string = import.meta.url): ElectronLookup {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(fromUrl).resolve('electron/package.json'));
  } catch {
    return { found: false, reason: 'the electron package is not installed (npm install --include=dev installs it)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      found: false,
      reason: 'the Electron binary was not downloaded during npm install (no internet access to its release server?)',
    };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { found: false, reason: `the Electron binary is missing at ${binary}` };
  const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  return { found: true, binary, version };
}

/** Electron needs a display on Linux; without one (a server, CI) browser mode is the only option. */
export function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform = process.platform): boolean {
  return platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

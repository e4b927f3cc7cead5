import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What ships: electron-builder copies `dependencies` into the app's node_modules, while Vite
 * bundles the renderer's packages into dist/renderer. A package only the renderer imports is
 * therefore shipped twice if it sits in `dependencies`; one the main process imports is missing
 * at run time if it sits in `devDependencies` (esbuild keeps packages external).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry) && !/\.(test|bench)\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/**
 * Package names a file imports (static, dynamic, re-exports) or locates on disk (`resolve('pkg/…')`,
 * for a package whose files are read rather than imported), without deep paths.
 */
function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern =
    /(?:from\s+|import\s*\(\s*|import\s+|resolve\(\s*)['"]((?:@[\w.-]+\/)?[\w-][\w.-]*(?:\/[^'"]*)?)['"]/g;
  return [...text.matchAll(pattern)]
    .map((match) => match[1]!)
    .filter((source) => !source.startsWith('node:'))
    .map((source) => (source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0]!));
}

function packagesImportedBy(folders: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of folders) {
    for (const file of sourceFiles(join(ROOT, folder))) {
      for (const name of importedPackages(file)) if (!found.has(name)) found.set(name, relative(ROOT, file));
    }
  }
  return found;
}

// The renderer's bundle may take shared/ too, but the main process is what needs node_modules.
const mainProcess = packagesImportedBy(['electron', 'shared']);
const renderer = packagesImportedBy(['renderer/src']);

describe('package.json puts each package where it is used', () => {
  it('lists in dependencies only what the main process or the CLI imports', () => {
    const rendererOnly = Object.keys(manifest.dependencies).filter((name) => !mainProcess.has(name));
    expect(rendererOnly).toEqual([]);
  });

  it('lists in dependencies everything the main process imports from a package', () => {
    const builtIn = new Set(['electron']);
    const missing = [...mainProcess.keys()].filter((name) => !builtIn.has(name) && !(name in manifest.dependencies));
    expect(missing.map((name) => `${name} (${mainProcess.get(name)})`)).toEqual([]);
  });

  it('finds the renderer’s packages, which Vite bundles from devDependencies', () => {
    // Guards the scan itself: if it read nothing, the first test would pass vacuously.
    for (const name of ['react', '@codemirror/view', 'recharts']) {
      expect(renderer.has(name), name).toBe(true);
      expect(manifest.devDependencies[name], name).toBeDefined();
    }
    expect(mainProcess.has('better-sqlite3')).toBe(true);
  });
});

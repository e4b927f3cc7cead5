#!/usr/bin/env node
// Runs the named npm build scripts only when dist/ is older than the sources.
//
//   node build/ensureBuilt.mjs build            (npm test: build everything, unless current)
//   node build/ensureBuilt.mjs build:core       (any script or scripts, run in the order given)
//
// "Older" is judged by content, not by file times: a hash of every input file (the code under
// electron/, shared/ and renderer/ without its tests, and the configs and lock file the build
// reads) is written to dist/ after the scripts succeed, once per list of script names. The next
// call with the same names and the same hash does nothing. A failed build writes nothing, and
// deleting dist/ deletes the record with it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCE_FOLDERS = ['electron', 'shared', 'renderer'];
const CONFIG_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.renderer.json',
  'vite.config.ts',
];
const STAMP = join('dist', '.build-stamp.json');

/** Whether a file under the source folders goes into a build (tests and declarations' tests do not). */
function isBuildInput(name) {
  return !/\.test\.tsx?$/.test(name);
}

function filesUnder(root, folder) {
  const found = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(child);
      } else if (isBuildInput(entry.name)) {
        found.push(child);
      }
    }
  };
  if (existsSync(join(root, folder))) walk(join(root, folder));
  return found;
}

/** One hash over the inputs' paths and contents, in a stable order. */
export function sourceHash(root) {
  const files = [
    ...SOURCE_FOLDERS.flatMap((folder) => filesUnder(root, folder)),
    ...CONFIG_FILES.map((name) => join(root, name)).filter((path) => existsSync(path)),
  ]
    .map((path) => relative(root, path))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Runs `npm run <script>` for each script unless the stamp says these scripts already built these
 * sources. Returns 'current' or 'built'; throws when a script fails.
 */
export function ensureBuilt(root, scripts, { log = console.error } = {}) {
  if (scripts.length === 0) throw new Error('ensureBuilt: name the npm build script(s) to run');
  const key = scripts.join(' ');
  const before = sourceHash(root);
  if (readStamp(root)[key] === before) {
    log(`ensureBuilt: dist/ is current for "${key}", not rebuilding`);
    return 'current';
  }
  for (const script of scripts) {
    const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`ensureBuilt: npm run ${script} failed (exit ${result.status})`);
  }
  // Stamped with the hash from before the build: a source edited meanwhile makes the next call build again.
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, STAMP), `${JSON.stringify({ ...readStamp(root), [key]: before }, null, 2)}\n`);
  return 'built';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureBuilt(process.cwd(), process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

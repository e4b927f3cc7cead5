// Is dist/ built from the sources as they are now? `npm run build` leaves a stamp in dist/: a hash of
// every file the build reads (their contents, not their times, so a checkout or a copy that keeps
// the same text does not count as a change). `npm start` builds only when the stamp is missing,
// differs, or an output is gone; so a second start does not rebuild dist/ under a running app.
//
//   node electron/install/ensureBuilt.mjs           build when stale, then exit 0 (or the build's failure)
//   node electron/install/ensureBuilt.mjs --check   exit 0 when current, 1 when stale (says why); builds nothing
//   node electron/install/ensureBuilt.mjs --force   always build (what `npm run build` runs)
//
// Plain Node on purpose (no TypeScript, no dependencies): it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The checkout this file belongs to. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Folders whose files the build reads (tests excluded: no build step reads them). */
const SOURCE_FOLDERS = ['electron', 'renderer', 'shared'];
/** Single files that change what the build produces. */
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.renderer.json',
];
/** What a complete build leaves; one missing means a build was interrupted or dist/ was cleaned. */
export const BUILD_OUTPUTS = [
  'dist/cli.js',
  'dist/imageWorkerThread.js',
  'dist/electron/main.js',
  'dist/electron/imageWorkerThread.js',
  'dist/electron/preload.cjs',
  'dist/renderer/index.html',
];
export const STAMP_PATH = 'dist/.build-stamp.json';
/** The steps of a build, in order, as package.json names them. */
const BUILD_STEPS = ['build:core', 'build:electron', 'build:renderer'];

function isBuildInput(name) {
  return !/\.test\.tsx?$/.test(name) && name !== 'node_modules' && !name.startsWith('.');
}

function listFiles(root, folder, found) {
  let entries;
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!isBuildInput(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) listFiles(root, path, found);
    else if (entry.isFile()) found.push(path);
  }
}

/** A hash of every build input's path and content, in a fixed order. */
export function hashBuildSources(root = PROJECT_ROOT) {
  const files = [];
  for (const folder of SOURCE_FOLDERS) listFiles(root, folder, files);
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) files.push(file);
  const hash = createHash('sha256');
  for (const file of files.map((path) => path.split(sep).join('/')).sort()) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(createHash('sha256').update(content).digest()).update('\n');
  }
  return hash.digest('hex');
}

/** `{ current, reason, hash }`: whether dist/ was built from these sources, and if not, why not. */
export function buildState(root = PROJECT_ROOT) {
  const hash = hashBuildSources(root);
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return { current: false, reason: `${missing} is missing`, hash };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, STAMP_PATH), 'utf8'));
  } catch {
    return { current: false, reason: 'dist/ has no build stamp (it was not built by npm run build)', hash };
  }
  if (stamp.sources !== hash) return { current: false, reason: 'the sources changed since dist/ was built', hash };
  return { current: true, reason: `dist/ was built from these sources (${stamp.built_at})`, hash };
}

function runBuildSteps(root) {
  for (const step of BUILD_STEPS) {
    const result = spawnSync('npm', ['run', '--silent', step], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

/**
 * Builds (with `build`, by default the package's build steps) and stamps dist/ with the hash the
 * sources had before the build began: a file saved during the build makes the next check stale.
 * The old stamp goes first, so an interrupted build is never taken for a current one.
 */
export function buildAndStamp(root = PROJECT_ROOT, build = runBuildSteps) {
  const hash = hashBuildSources(root);
  rmSync(join(root, STAMP_PATH), { force: true });
  const status = build(root);
  if (status !== 0) return status;
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, STAMP_PATH), `${JSON.stringify({ sources: hash, built_at: new Date().toISOString() })}\n`);
  return 0;
}

/** Builds only when dist/ is stale. `{ built, status, reason }`. */
export function ensureBuilt(root = PROJECT_ROOT, { build = runBuildSteps, log = console.error } = {}) {
  const state = buildState(root);
  if (state.current) return { built: false, status: 0, reason: state.reason };
  log(`outpost: building, because ${state.reason}.`);
  return { built: true, status: buildAndStamp(root, build), reason: state.reason };
}

function main(args) {
  const root = PROJECT_ROOT;
  if (args.includes('--check')) {
    const state = buildState(root);
    console.log(state.current ? `current: ${state.reason}` : `stale: ${state.reason}`);
    return state.current ? 0 : 1;
  }
  if (args.includes('--force')) return buildAndStamp(root);
  return ensureBuilt(root).status;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}

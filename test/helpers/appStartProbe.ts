import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './nodeBundle.js';

/*
 * Starts the app in a fresh Node process, as `outpost serve` would, and reports which packages it
 * loaded and how long it took. The app is bundled the way `npm run build` bundles it (packages
 * left as run-time imports), into a folder inside the checkout so those imports resolve from its
 * node_modules. A module-resolution hook records every package the process resolves.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = fileURLToPath(new URL('./appStartEntry.ts', import.meta.url));

const RECORD_HOOK = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.APP_START_RESOLVED, result.url + '\\n');
  return result;
}
`;

export interface AppStartRun {
  status: number;
  /** From the process's start until the app's modules are loaded (Node's start included). */
  loadMs: number;
  createMs: number;
  firstRequestMs: number;
  /** The whole child process, from spawn to exit. */
  wallMs: number;
  /** Package names the process resolved (`@aws-sdk/client-s3`, `zod`, ...). */
  packages: Set<string>;
}

export interface AppStartProbe {
  /** touchHeavy: load the heavy packages after the request; recordModules: false leaves the hook out (timing). */
  run(options?: { touchHeavy?: boolean; recordModules?: boolean }): Promise<AppStartRun>;
  close(): void;
}

function packageOf(url: string): string | null {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return match ? match[1]! : null;
}

export async function createAppStartProbe(): Promise<AppStartProbe> {
  const folder = mkdtempSync(join(REPO_ROOT, '.app-start-'));
  const bundle = join(folder, 'appStart.mjs');
  await build({ ...NODE_BUNDLE, entryPoints: [ENTRY], outfile: bundle });
  writeFileSync(join(folder, 'hook.mjs'), RECORD_HOOK);
  writeFileSync(
    join(folder, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(folder, 'hook.mjs')).href)});\n`,
  );
  let runs = 0;

  const run = async ({ touchHeavy = false, recordModules = true } = {}): Promise<AppStartRun> => {
    runs += 1;
    const resolvedFile = join(folder, `resolved-${runs}.txt`);
    writeFileSync(resolvedFile, '');
    const startedAt = performance.now();
    const hook = recordModules ? ['--import', join(folder, 'register.mjs')] : [];
    const child = spawn(process.execPath, [...hook, bundle], {
      cwd: REPO_ROOT,
      env: { ...process.env, APP_START_RESOLVED: resolvedFile, APP_START_TOUCH_HEAVY: touchHeavy ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const wallMs = performance.now() - startedAt;
    const line = stdout.trim().split('\n').pop() ?? '';
    if (code !== 0 || !line.startsWith('{')) throw new Error(`app start probe failed (exit ${code}):\n${stderr}`);
    const packages = new Set<string>();
    for (const url of readFileSync(resolvedFile, 'utf8').split('\n')) {
      const name = packageOf(url);
      if (name) packages.add(name);
    }
    return { ...(JSON.parse(line) as Omit<AppStartRun, 'wallMs' | 'packages'>), wallMs, packages };
  };

  return { run, close: () => rmSync(folder, { recursive: true, force: true }) };
}

/** What starting the app must not load: each costs a noticeable share of a second to import. */
export const HEAVY_PACKAGES = [
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@azure/storage-blob',
  '@google-cloud/storage',
  'redis',
  '@nlpjs/core',
  '@nlpjs/ner',
  'wink-naive-bayes-text-classifier',
  'wink-nlp',
  'wink-eng-lite-web-model',
];

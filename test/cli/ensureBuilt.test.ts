import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations (it runs before anything is built).
import { BUILD_OUTPUTS, buildAndStamp, buildState, ensureBuilt } from '../../electron/install/ensureBuilt.mjs';

/*
 * `npm start` builds dist/ only when it is stale (the build stamp's hash of the sources differs, or
 * an output is missing), and a second `npm start` while the first runs prints a fresh link to it
 * and leaves dist/ alone. Both run on real files in a scratch copy of the project's layout.
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUTS = BUILD_OUTPUTS as string[];
const scratch: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A folder laid out like the project, with the two scripts copied in. */
function scratchProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'outpost-build-'));
  scratch.push(root);
  for (const script of ['ensureBuilt.mjs', 'startOutpost.mjs']) {
    cpSync(join(REPO, 'electron/install', script), join(root, 'electron/install', script));
  }
  write(root, 'electron/core/server.ts', 'export const port = 8080;\n');
  write(root, 'renderer/src/App.tsx', 'export const App = () => null;\n');
  write(root, 'shared/api/wire.ts', 'export type Id = number;\n');
  write(root, 'package.json', '{"name": "scratch"}\n');
  return root;
}

const fakeBuild = (root: string) => {
  for (const output of OUTPUTS) write(root, output, `built ${Date.now()}\n`);
  return 0;
};

function runNode(script: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [script, ...args], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('the build stamp (ensureBuilt.mjs)', () => {
  it('says stale until a build, then current until a source changes or an output goes', async () => {
    const root = scratchProject();
    const check = () => runNode(join(root, 'electron/install/ensureBuilt.mjs'), ['--check']);
    expect(await check()).toMatchObject({ code: 1, stdout: 'stale: dist/cli.js is missing\n' });

    expect(buildAndStamp(root, fakeBuild)).toBe(0);
    expect((await check()).code).toBe(0);
    expect(buildState(root).current).toBe(true);

    // A newer time with the same text (a checkout, a copy) is not a change; neither is a test file.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'electron/core/server.ts'), later, later);
    write(root, 'electron/core/server.test.ts', 'it("runs", () => {});\n');
    expect((await check()).code).toBe(0);

    write(root, 'shared/api/wire.ts', 'export type Id = string;\n');
    expect(await check()).toMatchObject({ code: 1, stdout: 'stale: the sources changed since dist/ was built\n' });

    // ensureBuilt builds what is stale, once; then leaves it.
    let builds = 0;
    const counted = (at: string) => (builds++, fakeBuild(at));
    expect(ensureBuilt(root, { build: counted, log: () => {} })).toMatchObject({ built: true, status: 0 });
    expect(ensureBuilt(root, { build: counted, log: () => {} })).toMatchObject({ built: false, status: 0 });
    expect(builds).toBe(1);

    rmSync(join(root, 'dist/renderer/index.html'));
    expect(await check()).toMatchObject({ code: 1, stdout: 'stale: dist/renderer/index.html is missing\n' });

    // A failed build leaves no stamp: the next check is stale whatever the outputs look like.
    fakeBuild(root);
    expect(buildAndStamp(root, () => 1)).toBe(1);
    expect(await check()).toMatchObject({ code: 1, stdout: expect.stringContaining('no build stamp') });
  }, 60_000);
});

function envWithoutDisplay(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

/** Every file under dist/ with its size and modification time. */
function snapshot(root: string): string[] {
  return readdirSync(join(root, 'dist'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const stat = statSync(path);
      return `${path} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

/** Starts `npm start`'s script and resolves with it once it has printed its LOGIN line. */
function startApp(root: string, args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [join(root, 'electron/install/startOutpost.mjs'), ...args], {
    env: envWithoutDisplay(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no LOGIN line in 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /^URL: (\S+)$/m.exec(output)?.[1];
      if (url && /^LOGIN: /m.test(output)) {
        clearTimeout(timer);
        resolve({ child, url, output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', () => reject(new Error(`exited before its LOGIN line:\n${output}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('a second npm start', () => {
  it('prints a fresh link to the running app and leaves dist/ alone, even with changed sources', async () => {
    const root = scratchProject();
    cpSync(join(REPO, 'dist'), join(root, 'dist'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
    // The "build" only leaves a mark: whether one ran is what this test reads.
    const mark = (step: string) => `node -e "require('fs').appendFileSync('built.txt', '${step}\\\\n')"`;
    write(
      root,
      'package.json',
      JSON.stringify({
        name: 'scratch',
        scripts: { 'build:core': mark('core'), 'build:electron': mark('electron'), 'build:renderer': mark('renderer') },
      }),
    );
    expect(buildAndStamp(root, () => 0)).toBe(0);
    const data = join(root, 'data');
    const args = ['--no-browser', '--data', data, '--port', '0'];

    const first = await startApp(root, args);
    expect(first.output()).not.toContain('outpost: building');
    expect(existsSync(join(root, 'built.txt'))).toBe(false);

    write(root, 'renderer/src/App.tsx', 'export const App = () => "changed";\n');
    const before = snapshot(root);
    const second = await runNode(join(root, 'electron/install/startOutpost.mjs'), args, envWithoutDisplay());
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Outpost is already running at ${first.url}\n`);
    expect(second.stdout).toMatch(new RegExp(`^LOGIN: ${first.url}/login\\?token=\\S+$`, 'm'));
    expect(second.stderr).toContain('dist/ was left as it is (the sources changed since dist/ was built)');
    expect(snapshot(root)).toEqual(before);
    expect(existsSync(join(root, 'built.txt'))).toBe(false);
    // The first one still serves its pages.
    expect((await fetch(`${first.url}/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    await exited(first.child);
    // With nothing running, a start builds what changed, then starts.
    const third = await startApp(root, args);
    expect(third.output()).toContain('outpost: building, because the sources changed since dist/ was built.');
    third.child.kill('SIGTERM');
    await exited(third.child);
    expect(statSync(join(root, 'built.txt')).size).toBeGreaterThan(0);
    expect(buildState(root).current).toBe(true);
  }, 120_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The real Label Studio 1.22 for the interop suite: `label-studio start` from the venv that
 * test/interop/install.sh builds, on a free port of 127.0.0.1, with a fresh data folder, a known
 * user with a legacy token (switched on with --enable-legacy-api-token, as Label Studio does it)
 * and a personal access token, no browser, and local-file serving under a folder of its own.
 * test/interop/python/rig.py holds that user, its tokens and Label Studio's settings, so that
 * install.sh can build the template below before Node's packages are even installed.
 *
 * A first start migrates an empty database (about 40 s); that folder is kept as a template, so
 * every later start copies it and is up in a few seconds.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const INTEROP_DIR = process.env.OUTPOST_INTEROP_DIR ?? join(REPO_ROOT, '.interop');
const VENV = join(INTEROP_DIR, 'venv');
export const VENV_PYTHON = join(VENV, 'bin', 'python');
const TEMPLATE = join(INTEROP_DIR, 'template');
const RIG = join(REPO_ROOT, 'test', 'interop', 'python', 'rig.py');

export interface LabelStudioInfo {
  url: string;
  port: number;
  /** LABEL_STUDIO_BASE_DATA_DIR: the database and `media/upload`. */
  dataDir: string;
  /** LOCAL_FILES_DOCUMENT_ROOT: files under it are served at `/data/local-files/?d=<relative path>`. */
  filesRoot: string;
  pid: number;
  user: { id: number; email: string; password: string; token: string; pat: string };
}

export interface LabelStudioServer extends LabelStudioInfo {
  isRunning(): boolean;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s); its data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  dispose(): Promise<void>;
  /** What the process wrote, for failure messages. */
  log(): string;
}

function checkInstalled(): void {
  if (!existsSync(VENV_PYTHON) || !existsSync(join(VENV, '.installed'))) {
    throw new Error(
      `Label Studio is not installed in ${VENV}. Run \`bash test/interop/install.sh\` ` +
        '(it needs Python 3.10+ with pip and venv), or `npm run test:interop`, which runs it first.',
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /**
   * How long Label Studio's access tokens live (default: its own 5 minutes). Set through a
   * settings module of the suite's (test/interop/python/interop_settings.py) that imports Label
   * Studio's settings and changes only this.
   */
  accessTokenLifetimeSeconds?: number;
}

export interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  log: () => string;
}

export async function waitForHealth(url: string, running: Running, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void running.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Label Studio exited before it was up:\n${running.log().slice(-4000)}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  running.child.kill('SIGKILL');
  throw new Error(`Label Studio did not answer /health within ${timeoutMs} ms:\n${running.log().slice(-4000)}`);
}

function launch(port: number, dataDir: string, filesRoot: string, options: StartOptions = {}): Running {
  // rig.py sets Label Studio's environment and arguments, then becomes it (same process id).
  const lifetime = options.accessTokenLifetimeSeconds;
  return spawnRig(['start', dataDir, filesRoot, String(port), ...(lifetime === undefined ? [] : [String(lifetime)])]);
}

/** Runs rig.py with these arguments, keeping the end of its output. */
export function spawnRig(args: string[]): Running {
  const child = spawn(VENV_PYTHON, [RIG, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-5_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, exited, log: () => output };
}

export async function terminate(running: Running): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await running.exited;
  clearTimeout(timer);
}

/** Builds the migrated template once per installation (rig.py template; install.sh already does). */
function ensureTemplate(): Promise<void> {
  checkInstalled();
  return new Promise((resolve, reject) => {
    const child = spawn(VENV_PYTHON, [RIG, 'template'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the Label Studio template failed:\n${output.slice(-4000)}`)),
    );
  });
}

/** Starts a Label Studio of its own (a copy of the template) on a free port; resolves once /health answers. */
export async function startLabelStudio(options: StartOptions = {}): Promise<LabelStudioServer> {
  await ensureTemplate();
  const root = mkdtempSync(join(tmpdir(), 'outpost-interop-ls-'));
  const dataDir = join(root, 'data');
  const filesRoot = join(root, 'files');
  cpSync(join(TEMPLATE, 'data'), dataDir, { recursive: true });
  mkdirSync(filesRoot, { recursive: true });
  const user = JSON.parse(readFileSync(join(TEMPLATE, 'user.json'), 'utf8')) as LabelStudioInfo['user'];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  let running: Running | null = null;
  const start = async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) return;
    running = launch(port, dataDir, filesRoot, options);
    // Usually 10-20 s. CI starts a group's Label Studio while `npm test`, another group and the Go
    // build share two cores, where a start was measured past 120 s.
    await waitForHealth(url, running, 300_000);
  };
  const stop = async () => {
    if (running) await terminate(running);
  };
  await start();

  return {
    url,
    port,
    dataDir,
    filesRoot,
    get pid() {
      return running?.child.pid ?? 0;
    },
    user,
    isRunning: () => !!running && running.child.exitCode === null && running.child.signalCode === null,
    stop,
    start,
    dispose: async () => {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
    log: () => running?.log() ?? '',
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The real Label Studio 1.22 for the interop suite: `label-studio start` from the venv that
 * test/interop/install.sh builds, on a free port of 127.0.0.1, with a fresh data folder, a known
 * user with a legacy token (switched on with --enable-legacy-api-token, as Label Studio does it)
 * and a personal access token, no browser, and local-file serving under a folder of its own.
 *
 * A first start migrates an empty database (about 40 s); that folder is kept as a template, so
 * every later start copies it and is up in a few seconds.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const INTEROP_DIR = process.env.OUTPOST_INTEROP_DIR ?? join(REPO_ROOT, '.interop');
const VENV = join(INTEROP_DIR, 'venv');
export const VENV_PYTHON = join(VENV, 'bin', 'python');
const LABEL_STUDIO_BIN = join(VENV, 'bin', 'label-studio');
const TEMPLATE = join(INTEROP_DIR, 'template');

export const LS_EMAIL = 'interop@example.com';
export const LS_PASSWORD = 'interop-password-1';
export const LS_TOKEN = 'abcdef0123456789abcdef0123456789abcdef01';

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

function installedStamp(): string {
  const stamp = join(VENV, '.installed');
  if (!existsSync(LABEL_STUDIO_BIN) || !existsSync(stamp)) {
    throw new Error(
      `Label Studio is not installed in ${VENV}. Run \`bash test/interop/install.sh\` ` +
        '(it needs Python 3.10+ with pip and venv), or `npm run test:interop`, which runs it first.',
    );
  }
  // The suffix names the rig's own template recipe: a change to it rebuilds the template.
  return `${readFileSync(stamp, 'utf8').trim()}+fixed-secret-key`;
}

/*
 * Label Studio keeps the SECRET_KEY it generates in <data>/.env, and reads it back with
 * django-environ, which takes a value starting with '$' for a reference to another variable and
 * reads it as ''. One data folder in 50 (the key's alphabet has 50 characters, '$' among them) so
 * gets a new key at every start, and the template's personal access token stops verifying: seen in
 * a CI run. The rig gives every start the same key instead.
 */
const INTEROP_SECRET_KEY = 'outpost-interop-rig-secret-key-not-used-outside-tests-0123456789';

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

const SETTINGS_DIR = join(REPO_ROOT, 'test', 'interop', 'python');

function labelStudioEnv(dataDir: string, filesRoot: string, options: StartOptions): NodeJS.ProcessEnv {
  const lifetime = options.accessTokenLifetimeSeconds;
  const settings =
    lifetime === undefined
      ? {}
      : {
          DJANGO_SETTINGS_MODULE: 'interop_settings',
          PYTHONPATH: [SETTINGS_DIR, process.env.PYTHONPATH].filter(Boolean).join(':'),
          OUTPOST_INTEROP_ACCESS_TOKEN_SECONDS: String(lifetime),
        };
  return {
    ...process.env,
    ...settings,
    LABEL_STUDIO_BASE_DATA_DIR: dataDir,
    SECRET_KEY: INTEROP_SECRET_KEY,
    LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED: 'true',
    LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT: filesRoot,
    // No call to pypi.org at each start: the rig must not depend on anything but loopback.
    LATEST_VERSION_CHECK: 'false',
    PYTHONUNBUFFERED: '1',
  };
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  log: () => string;
}

async function waitForHealth(url: string, running: Running, timeoutMs: number): Promise<void> {
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
  // Its own folder as the working directory: Label Studio reports the git commit of the folder it runs in.
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(
    LABEL_STUDIO_BIN,
    [
      'start',
      '--no-browser',
      '--internal-host',
      '127.0.0.1',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--username',
      LS_EMAIL,
      '--password',
      LS_PASSWORD,
      '--user-token',
      LS_TOKEN,
      '--enable-legacy-api-token',
    ],
    { cwd: dataDir, env: labelStudioEnv(dataDir, filesRoot, options), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-5_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, exited, log: () => output };
}

async function terminate(running: Running): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await running.exited;
  clearTimeout(timer);
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** How long the template's first start may take: Django's migrations, on a machine busy with other suites. */
const TEMPLATE_START_MS = 600_000;
/** A lock older than this was left by a run that died while building. */
const STALE_LOCK_MS = TEMPLATE_START_MS + 120_000;

/**
 * Builds the migrated template once per installation: a database with the user, a PAT and legacy
 * tokens on. Groups of the suite starting at once take turns through a lock folder (mkdir is
 * atomic): two Label Studios migrating side by side on two cores each took over four minutes.
 */
async function ensureTemplate(): Promise<void> {
  const stamp = installedStamp();
  const stampFile = join(TEMPLATE, 'stamp');
  const isBuilt = () => existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (isBuilt()) return;
  mkdirSync(INTEROP_DIR, { recursive: true });
  const lock = join(INTEROP_DIR, 'template.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (isBuilt()) return;
      const lockedAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (lockedAt !== undefined && Date.now() - lockedAt > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
      }
      // Another group is building it: look again in a second.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    if (!isBuilt()) await buildTemplate(stamp);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function buildTemplate(stamp: string): Promise<void> {
  const building = mkdtempSync(join(INTEROP_DIR, 'template-building-'));
  const dataDir = join(building, 'data');
  const port = await freePort();
  const running = launch(port, dataDir, join(building, 'files'));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, running, TEMPLATE_START_MS);
    const auth = { Authorization: `Token ${LS_TOKEN}` };
    const me = await json<{ id: number }>(await fetch(`${url}/api/current-user/whoami`, { headers: auth }), 'whoami');
    const { token: pat } = await json<{ token: string }>(
      await fetch(`${url}/api/token/`, { method: 'POST', headers: auth }),
      'create a personal access token',
    );
    writeFileSync(join(building, 'user.json'), JSON.stringify({ id: me.id, pat }));
  } finally {
    await terminate(running);
  }
  rmSync(join(building, 'files'), { recursive: true, force: true });
  writeFileSync(join(building, 'stamp'), stamp);
  rmSync(TEMPLATE, { recursive: true, force: true });
  renameSync(building, TEMPLATE);
}

/** Starts a Label Studio of its own (a copy of the template) on a free port; resolves once /health answers. */
export async function startLabelStudio(options: StartOptions = {}): Promise<LabelStudioServer> {
  await ensureTemplate();
  const root = mkdtempSync(join(tmpdir(), 'outpost-interop-ls-'));
  const dataDir = join(root, 'data');
  const filesRoot = join(root, 'files');
  cpSync(join(TEMPLATE, 'data'), dataDir, { recursive: true });
  mkdirSync(filesRoot, { recursive: true });
  const saved = JSON.parse(readFileSync(join(TEMPLATE, 'user.json'), 'utf8')) as { id: number; pat: string };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  let running: Running | null = null;
  const start = async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) return;
    running = launch(port, dataDir, filesRoot, options);
    await waitForHealth(url, running, 120_000);
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
    user: { id: saved.id, email: LS_EMAIL, password: LS_PASSWORD, token: LS_TOKEN, pat: saved.pat },
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

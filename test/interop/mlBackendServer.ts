import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, INTEROP_DIR } from './labelStudio.js';

/*
 * A real ML backend for the interop suite: label-studio-ml 1.0.9 from PyPI serving the example
 * model test/interop/ml/keyword_model.py, from the venv test/interop/install.sh builds for it, on a
 * free port of 127.0.0.1 with a fresh model directory. Each server a test connects gets a model
 * server of its own: the framework keeps one model (and the hostname and token of the last
 * /setup) per process.
 */

const ML_DIR = fileURLToPath(new URL('./ml', import.meta.url));
const ML_VENV = join(INTEROP_DIR, 'ml-venv');
const ML_PYTHON = join(ML_VENV, 'bin', 'python');

/** One line of the model server's requests.jsonl (see serve_model.py). */
export interface ModelServerRequest {
  method: string;
  path: string;
  action?: string;
  hostname?: string;
  project?: string;
  tasks?: number[];
  /** The whole JSON body of the call. */
  body?: Record<string, unknown>;
}

/** A finished training job: what KeywordModel.fit returned, under the job id that became the model version. */
export interface TrainingJob {
  version: string;
  keywords: Record<string, string>;
  tasks: number;
}

export interface MlBackendServer {
  url: string;
  modelDir: string;
  /** Every request the server got, in order. */
  requests(): ModelServerRequest[];
  /** The hostname and token the last /setup gave it. */
  connection(): { hostname: string; access_token: string } | null;
  trainingJobs(): TrainingJob[];
  /** What the process wrote (Flask's request lines, tracebacks of failed jobs), for failure messages. */
  log(): string;
  /** Stops the server and its training jobs, and deletes the model directory. */
  dispose(): Promise<void>;
}

function requireInstalled(): void {
  if (!existsSync(ML_PYTHON) || !existsSync(join(ML_VENV, '.installed'))) {
    throw new Error(
      `label-studio-ml is not installed in ${ML_VENV}. Run \`bash test/interop/install.sh\` ` +
        '(it needs Python 3.10+ with pip and venv), or `npm run test:interop`, which runs it first.',
    );
  }
}

function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

function readRequests(modelDir: string): ModelServerRequest[] {
  const path = join(modelDir, 'requests.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ModelServerRequest);
}

export async function startMlBackend(): Promise<MlBackendServer> {
  requireInstalled();
  const modelDir = mkdtempSync(join(tmpdir(), 'outpost-interop-ml-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // No __pycache__ written next to the model's sources in the work tree.
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' };
  // Any value of these switches label-studio-ml to its legacy (per-project, Redis) code paths.
  delete env.LABEL_STUDIO_ML_BACKEND_V2;
  delete env.USE_REDIS;
  const args = ['serve_model.py', '--host', '127.0.0.1', '--port', String(port), '--model-dir', modelDir];
  // A process group of its own, so stopping it also stops the training jobs it forked.
  const child = spawn(ML_PYTHON, args, { cwd: ML_DIR, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-100_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  // The whole group: a training job may outlive the server that forked it.
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Nothing of the group is left.
    }
  };
  const dispose = async () => {
    const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
    signalGroup('SIGTERM');
    if (isRunning()) await exited;
    clearTimeout(timer);
    rmSync(modelDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!isRunning()) throw new Error(`the model server exited before it was up:\n${output.slice(-4000)}`);
    const health = await fetch(`${url}/health`).catch(() => null);
    if (health?.ok) break;
    if (Date.now() > deadline) {
      await dispose();
      throw new Error(`the model server did not answer /health within 30 s:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // The health checks above are this launcher's, not a server's under test.
  const ownCalls = readRequests(modelDir).length;
  return {
    url,
    modelDir,
    requests: () => readRequests(modelDir).slice(ownCalls),
    connection: () => readJson(join(modelDir, 'connection.json')),
    trainingJobs: () =>
      readdirSync(modelDir)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(a) - Number(b))
        .flatMap((version) => {
          const result = readJson<Omit<TrainingJob, 'version'>>(join(modelDir, version, 'job_result.json'));
          return result ? [{ version, keywords: result.keywords, tasks: result.tasks }] : [];
        }),
    log: () => output,
    dispose,
  };
}

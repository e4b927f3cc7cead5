import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The bundled CLI (`npm run build` makes it). OUTPOST_TEST_CLI names a copy instead: .ci/run runs
 * the interop suite from a snapshot of dist while `npm test` builds dist again beside it.
 */
export const CLI_PATH = process.env.OUTPOST_TEST_CLI ?? fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The environment for an `outpost sync` child whose retries a test waits through: remote calls
 * retry after 5 ms, not 250 ms doubling (electron/core/sync/retry.ts). Fault and kill tests check
 * what a run leaves behind, not how long it pauses; a Retry-After is still honoured.
 */
export function quickRetryEnv(): NodeJS.ProcessEnv {
  return { ...process.env, OUTPOST_TEST_RETRY_BASE_MS: '5' };
}

export interface SpawnedCli {
  pid: number;
  url: string;
  token: string;
  pat: string;
  /** The one-time browser login link. */
  login: string;
  /** Everything the CLI wrote to stderr so far. */
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code (null if a signal ended it). */
  stop(): Promise<number | null>;
  /** Sends SIGKILL (no chance to clean up) and resolves with the signal that ended it, once it has. */
  kill(): Promise<NodeJS.Signals | null>;
}

export interface SpawnCliOptions {
  /** Replaces the child's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the URL, TOKEN, PAT and LOGIN lines (default 20 s). */
  timeoutMs?: number;
}

function lineValue(stdout: string, name: string): string | undefined {
  return new RegExp(`^${name}: (\\S+)\\r?$`, 'm').exec(stdout)?.[1];
}

/**
 * Runs `node dist/cli.js ...args` and resolves once it has printed its URL, TOKEN, PAT and LOGIN lines.
 * On a timeout or an early exit the child is killed and the promise rejects with its output.
 */
export function spawnCli(args: string[], options: SpawnCliOptions = {}): Promise<SpawnedCli> {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    cwd: REPO_ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  // 'close' comes after the child has exited and its output has been read to the end.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const output = () => `--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`;

  return new Promise<SpawnedCli>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', check);
      if (error) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        reject(error);
        return;
      }
      resolve({
        pid: child.pid!,
        url: lineValue(stdout, 'URL') as string,
        token: lineValue(stdout, 'TOKEN') as string,
        pat: lineValue(stdout, 'PAT') as string,
        login: lineValue(stdout, 'LOGIN') as string,
        stderr: () => stderr,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
          return child.signalCode;
        },
      });
    };
    const check = () => {
      if (['URL', 'TOKEN', 'PAT', 'LOGIN'].every((name) => lineValue(stdout, name) !== undefined)) finish(null);
    };
    const timeoutMs = options.timeoutMs ?? 60_000;
    const timer = setTimeout(
      () => finish(new Error(`outpost ${args.join(' ')} printed no URL/TOKEN/PAT within ${timeoutMs} ms\n${output()}`)),
      timeoutMs,
    );
    child.stdout.on('data', check);
    child.once('error', (error) => finish(new Error(`could not run ${CLI_PATH}: ${error.message}\n${output()}`)));
    void exited.then((code) => {
      check();
      finish(new Error(`outpost ${args.join(' ')} exited with ${code} before it was ready\n${output()}`));
    });
  });
}

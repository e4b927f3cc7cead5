import { execFile } from 'node:child_process';
import type { CliIo } from '../../electron/core/cli/io.js';
import { CLI_PATH } from './spawnCli.js';

/*
 * Running the CLI from a test: in this process with its output captured (`runCli(argv, io)`), or
 * as a real child process of the built CLI.
 */

/**
 * Output lines captured from `runCli`. A command that serves waits for its shutdown: `never` (the
 * default) keeps it waiting, so only commands that end by themselves (export, sync) return;
 * `at once` lets a serving command return as soon as it has started.
 */
export function captureIo(shutdown: 'never' | 'at once' = 'never') {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    waitForShutdown: () => (shutdown === 'at once' ? Promise.resolve() : new Promise<void>(() => undefined)),
    rendererDir: null,
  };
  return { io, out, err };
}

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `outpost sync ARGS` as a child process of the built CLI; resolves with its exit code and output. */
export function runSyncCli(args: string[]): Promise<CliOutcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_PATH, 'sync', ...args], (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

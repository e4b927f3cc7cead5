/** What commands need from the process, injected so tests can run them in-process. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Resolves when the process is asked to stop (SIGINT or SIGTERM). */
  waitForShutdown(): Promise<void>;
  /** The built UI to serve, or null. */
  rendererDir: string | null;
}

export function processIo(rendererDir: string | null): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    waitForShutdown: () =>
      new Promise((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      }),
    rendererDir,
  };
}

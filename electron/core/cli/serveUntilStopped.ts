import { startServer, type RunningServer, type ServeOptions } from '../serve.js';
import type { CliIo } from './io.js';
import { recordInstance } from './runningInstance.js';

export function printServerLines(server: RunningServer, io: CliIo): void {
  io.out(`URL: ${server.url}`);
  io.out(`TOKEN: ${server.token}`);
  io.out(`PAT: ${server.pat}`);
  io.out(`LOGIN: ${server.loginUrl}`);
}

/**
 * What `serve` and browser-mode `start` share: serve the data folder, record that this process
 * serves it (so a second `start` finds it), print the URL and tokens, and on SIGINT/SIGTERM
 * close cleanly and say so.
 */
export async function serveUntilStopped(
  options: ServeOptions,
  io: CliIo,
  onReady?: (server: RunningServer) => void,
): Promise<number> {
  // Listen for SIGINT/SIGTERM before printing the URL: a script may signal as soon as it reads it.
  const shutdown = io.waitForShutdown();
  const server = await startServer(options);
  let forget: () => void = () => undefined;
  try {
    forget = recordInstance(options.dataDir, server.url);
  } catch (error) {
    // Only a second `start` needs the record; serving goes on without it.
    io.err(`Warning: could not record this server in ${options.dataDir}: ${(error as Error).message}`);
  }
  printServerLines(server, io);
  onReady?.(server);
  await shutdown;
  await server.close();
  forget();
  io.err('Outpost stopped.');
  return 0;
}

import { DatabaseTooNewError } from '../db/migrate.js';
import { DomainError } from '../domain/errors.js';
import { exportCommand } from './exportCommand.js';
import type { CliIo } from './io.js';
import { serveCommand } from './serveCommand.js';
import { startCommand } from './startCommand.js';
import { syncCommand } from './syncCommand.js';
import { tokenCommand } from './tokenCommand.js';
import { MAIN_HELP, UsageError } from './usage.js';
import packageJson from '../../../package.json' with { type: 'json' };

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  serve: serveCommand,
  token: tokenCommand,
  start: startCommand,
  export: exportCommand,
  sync: syncCommand,
};

/** Runs one CLI invocation; returns the exit code (2 for usage errors, 1 for failures). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(MAIN_HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    io.out(packageJson.version);
    return 0;
  }
  const run = COMMANDS[command];
  try {
    if (!run) throw new UsageError(`outpost: unknown command '${command}'.`);
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nRun 'outpost ${run ? `${command} ` : ''}--help' for usage.`);
      return 2;
    }
    if (error instanceof DatabaseTooNewError || error instanceof DomainError) {
      io.err(`outpost: ${error.message}`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      io.err(
        `outpost: the port is already in use (EADDRINUSE): ${(error as Error).message}. ` +
          'Another program or another Outpost listens there: stop it, or choose another port with --port (0 picks a free one).',
      );
      return 1;
    }
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      io.err(`outpost: cannot listen there (${code}): ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../dataDir.js';
import { DEFAULT_PORT, startServer } from '../serve.js';
import { ensureElectronSqliteBinding } from './electronSqliteBinding.js';
import { findElectron, hasDisplay } from './findElectron.js';
import type { CliIo } from './io.js';
import { openBrowser } from './openBrowser.js';
import { parseOptions, parsePort } from './parseOptions.js';
import { printServerLines } from './serveCommand.js';
import { START_HELP } from './usage.js';

/** The project root (where package.json's `main` points Electron at dist/electron/main.js). */
const APP_ROOT = fileURLToPath(new URL('..', import.meta.url));

function launchElectron(binary: string, sqliteBinding: string): Promise<number> {
  return new Promise((resolve) => {
    const env = { ...process.env, OUTPOST_SQLITE_BINDING: sqliteBinding };
    const child = spawn(binary, [APP_ROOT], { stdio: 'inherit', env });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** `npm start`: the desktop app where Electron can run, else the same UI in a browser. */
export async function startCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseOptions('start', args, {
    data: { type: 'string' },
    port: { type: 'string' },
    'no-browser': { type: 'boolean' },
  });
  if (values.help) {
    io.out(START_HELP);
    return 0;
  }
  const port = parsePort(values.port as string | undefined, DEFAULT_PORT);
  const electron = findElectron();
  let why = electron.found ? 'no display is available for a desktop window' : electron.reason;
  if (electron.found && hasDisplay()) {
    const binding = ensureElectronSqliteBinding(electron.version);
    if (binding.ok) return launchElectron(electron.binary, binding.path);
    why = binding.reason;
  }

  io.err(`Outpost is starting in browser mode because ${why}.`);
  // Listen for SIGINT/SIGTERM before printing the URL: a script may signal as soon as it reads it.
  const shutdown = io.waitForShutdown();
  const server = await startServer({
    dataDir: (values.data as string | undefined) ?? defaultDataDir(),
    port,
    rendererDir: io.rendererDir,
  });
  printServerLines(server, io);
  io.err(`Open the LOGIN link above in your browser to sign in. Press Ctrl+C to stop.`);
  if (!values['no-browser'] && hasDisplay()) openBrowser(server.loginUrl);
  await shutdown;
  await server.close();
  return 0;
}

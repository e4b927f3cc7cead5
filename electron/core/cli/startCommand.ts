import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../dataDir.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../serve.js';
import { ensureElectronSqliteBinding } from './electronSqliteBinding.js';
import { findElectron, hasDisplay } from './findElectron.js';
import { choosePort } from './freePort.js';
import type { CliIo } from './io.js';
import { openBrowser } from './openBrowser.js';
import { openRunningInstance } from './openRunningInstance.js';
import { parseOptions, parsePort } from './parseOptions.js';
import { findRunningInstance } from './runningInstance.js';
import { serveUntilStopped } from './serveUntilStopped.js';
import { START_HELP } from './usage.js';

/** `--open-running` found no Outpost serving the data folder (distinct from 1, a failure, and 2, a usage error). */
export const NOTHING_RUNNING = 3;

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

/**
 * `npm start`: the desktop app where Electron can run, else the same UI in a browser. A data
 * folder some Outpost already serves is opened there instead; a taken port is swapped for a free one.
 */
export async function startCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseOptions('start', args, {
    data: { type: 'string' },
    port: { type: 'string' },
    'no-browser': { type: 'boolean' },
    'open-running': { type: 'boolean' },
  });
  if (values.help) {
    io.out(START_HELP);
    return 0;
  }
  const port = parsePort(values.port as string | undefined, DEFAULT_PORT);
  const dataDir = resolve((values.data as string | undefined) ?? defaultDataDir());
  const useBrowser = !values['no-browser'] && hasDisplay();
  const running = await findRunningInstance(dataDir);
  if (running) return openRunningInstance(running, dataDir, io, useBrowser);
  // `npm start` asks this first, before it rebuilds dist/: a running app must keep its files.
  if (values['open-running']) return NOTHING_RUNNING;

  const electron = findElectron();
  let why = electron.found ? 'no display is available for a desktop window' : electron.reason;
  if (electron.found && hasDisplay()) {
    const binding = ensureElectronSqliteBinding(electron.version);
    if (binding.ok) return launchElectron(electron.binary, binding.path);
    why = binding.reason;
  }

  io.err(`Outpost is starting in browser mode because ${why}.`);
  const free = await choosePort(DEFAULT_HOST, port);
  // Browser mode is the desktop app in a browser tab: the desktop app's rules (local folders are
  // the ones the user chooses in it), not those of a headless `outpost serve`.
  const options = { dataDir, port: free, rendererDir: io.rendererDir, mode: 'browser' as const };
  return serveUntilStopped(options, io, (server) => {
    if (free !== port) {
      const where = `port ${new URL(server.url).port}`;
      io.err(
        `Port ${port} is in use (another program, or an Outpost on another data folder), so Outpost uses ${where}.`,
      );
    }
    io.err(`Open the LOGIN link above in your browser to sign in. Press Ctrl+C to stop.`);
    if (useBrowser) openBrowser(server.loginUrl);
  });
}

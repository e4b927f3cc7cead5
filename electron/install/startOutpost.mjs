// `npm start`. Order matters: first ask the built CLI whether an Outpost already serves the data
// folder (it then prints a fresh LOGIN link and opens it), and only when none does, build dist/ if
// the sources changed (ensureBuilt.mjs), then start. Rebuilding first would replace dist/ under
// the running app: its pages would ask for files that are gone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildState, ensureBuilt, PROJECT_ROOT } from './ensureBuilt.mjs';

const args = process.argv.slice(2);
const cli = join(PROJECT_ROOT, 'dist', 'cli.js');

function openRunning() {
  if (!existsSync(cli)) return null;
  const asked = spawnSync(process.execPath, [cli, 'start', '--open-running', ...args], { stdio: 'inherit' });
  // 3 says nothing serves the folder; 2 is a usage error, from an older build without the option
  // or from the arguments (the start below reports the latter again).
  return asked.status === 0 ? 0 : null;
}

function start() {
  const child = spawn(process.execPath, [cli, 'start', ...args], { stdio: 'inherit' });
  // Ctrl+C reaches the child from the terminal; a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}

if (openRunning() === 0) {
  const state = buildState();
  if (!state.current) {
    console.error(
      `outpost: dist/ was left as it is (${state.reason}) because the running Outpost uses it. ` +
        'Stop that Outpost (Ctrl+C in its terminal) and run npm start again to use the new code.',
    );
  }
} else {
  const { status } = ensureBuilt();
  if (status !== 0) process.exitCode = status;
  else start();
}

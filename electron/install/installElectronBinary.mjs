// Runs after `npm install`. package.json denies electron's own download script through npm's
// `allowScripts`, because on machines without internet that script fails and takes the whole
// install down. Here we run the same download, but softly: with internet the user gets a runnable
// Electron, without it the install still succeeds and `npm start` falls back to browser mode.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const DOWNLOAD_TIMEOUT_MS = 5 * 60 * 1000;

function findElectronInstaller() {
  try {
    const require = createRequire(import.meta.url);
    return join(dirname(require.resolve('electron/package.json')), 'install.js');
  } catch {
    return null;
  }
}

function main() {
  if (process.env.CI || process.env.OUTPOST_SKIP_ELECTRON_DOWNLOAD) {
    console.log('outpost: skipping the Electron binary download (CI or OUTPOST_SKIP_ELECTRON_DOWNLOAD).');
    return;
  }
  const installer = findElectronInstaller();
  if (!installer || !existsSync(installer)) return; // production install without devDependencies
  const result = spawnSync(process.execPath, [installer], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: DOWNLOAD_TIMEOUT_MS,
    encoding: 'utf8',
  });
  if (result.status === 0) return;
  const reason = (result.stderr || result.error?.message || 'unknown error').split('\n')[0];
  console.warn(
    `outpost: the Electron binary could not be downloaded (${reason}).\n` +
      'outpost: the install is complete; `npm start` will open Outpost in your browser instead.',
  );
}

main();

#!/usr/bin/env node
// `npm run test:stress`: the browser tests and the sync fault and kill tests, with two busy CPU
// hogs beside them, so a test that only passes on a quiet machine fails here first. Extra
// arguments go to vitest (a file to run alone, `--reporter=verbose`). The hogs stop when the run
// ends, fails or is interrupted (Ctrl+C), and by themselves after STRESS_HOG_SECONDS (default
// 1,800) should this process be killed outright.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startCpuHogs } from './cpuHogs.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILES = [
  'test/e2e/',
  'test/sync/faultsPull.test.ts',
  'test/sync/faultsPush.test.ts',
  'test/sync/predictionsPushFaults.test.ts',
  'test/sync/killPush.test.ts',
  'test/sync/killEditThenDelete.test.ts',
];
const HOGS = 2;
const HOG_SECONDS = Number(process.env.STRESS_HOG_SECONDS ?? 1_800);

// The browser tests serve dist/: built first, unless it is current.
const built = spawnSync(process.execPath, ['electron/install/ensureBuilt.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const args = process.argv.slice(2);
const targets = args.some((arg) => !arg.startsWith('-')) ? [] : FILES;
const hogs = startCpuHogs(HOGS, HOG_SECONDS);
console.error(`stress: ${HOGS} CPU hogs running (pids ${hogs.pids.join(', ')}, at most ${HOG_SECONDS} s)`);
const vitest = spawn('npx', ['vitest', 'run', ...targets, ...args], { cwd: ROOT, stdio: 'inherit' });

let stopping = false;
async function finish(code) {
  if (stopping) return;
  stopping = true;
  await hogs.stop();
  console.error('stress: CPU hogs stopped');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    vitest.kill(signal);
    void finish(130);
  });
}
vitest.on('exit', (code, signal) => void finish(code ?? (signal ? 1 : 0)));
vitest.on('error', (error) => {
  console.error(`stress: could not start vitest: ${error.message}`);
  void finish(1);
});

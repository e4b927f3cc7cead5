// Busy processes that keep CPU cores spinning, to run tests as on a loaded machine. Each hog ends by
// itself after `seconds`, or as soon as the process that started it is gone (its parent changes),
// so none outlives the run that needed it even when that run is killed outright.
import { spawn } from 'node:child_process';

const HOG_SOURCE = `
const end = Date.now() + Number(process.argv[1]) * 1000;
const parent = process.ppid;
let spins = 0;
while (Date.now() < end) {
  spins += 1;
  if (spins % 1_000_000 === 0 && process.ppid !== parent) break;
}
`;

/** Starts `count` hogs; `stop()` kills those still running and resolves once all have exited. */
export function startCpuHogs(count, seconds) {
  const hogs = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', HOG_SOURCE, String(seconds)], { stdio: 'ignore' }),
  );
  const exited = hogs.map((hog) => new Promise((resolve) => hog.once('exit', () => resolve())));
  return {
    pids: hogs.map((hog) => hog.pid),
    exited: Promise.all(exited),
    async stop() {
      for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
      await Promise.all(exited);
    },
  };
}

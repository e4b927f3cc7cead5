import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of `npm run test:stress`, without types of its own.
import { startCpuHogs } from './cpuHogs.mjs';
import { waitUntil } from '../helpers/eventually.js';

interface CpuHogs {
  pids: number[];
  exited: Promise<void>;
  stop(): Promise<void>;
}
const start = startCpuHogs as (count: number, seconds: number) => CpuHogs;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the CPU hogs of npm run test:stress', () => {
  it('spin until stopped, and stop when asked', async () => {
    const hogs = start(2, 60);
    try {
      expect(hogs.pids).toHaveLength(2);
      expect(hogs.pids.every(isRunning)).toBe(true);
    } finally {
      await hogs.stop();
    }
    await waitUntil(() => hogs.pids.every((pid) => !isRunning(pid)), 'the hogs to be gone');
  });

  it('end by themselves when their time is up', async () => {
    const hogs = start(1, 1);
    await hogs.exited;
    expect(isRunning(hogs.pids[0]!)).toBe(false);
  });
});

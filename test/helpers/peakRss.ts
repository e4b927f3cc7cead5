import { Worker } from 'node:worker_threads';

/**
 * Peak RSS while `work` runs, sampled every 2 ms from a worker thread: the measured work may
 * block the main thread (a synchronous import transaction), which would starve a timer.
 */
export async function peakRss(work: () => Promise<unknown>): Promise<{ before: number; peak: number }> {
  const shared = new BigInt64Array(new SharedArrayBuffer(16));
  const sampler = new Worker(
    `const { workerData } = require('node:worker_threads');
     const cells = workerData;
     while (Atomics.load(cells, 1) === 0n) {
       const rss = BigInt(process.memoryUsage.rss());
       if (rss > Atomics.load(cells, 0)) Atomics.store(cells, 0, rss);
       Atomics.wait(cells, 1, 0n, 2);
     }`,
    { eval: true, workerData: shared },
  );
  await new Promise((resolve) => sampler.once('online', resolve));
  const before = process.memoryUsage.rss();
  Atomics.store(shared, 0, BigInt(before));
  await work();
  Atomics.store(shared, 1, 1n);
  await sampler.terminate();
  return { before, peak: Number(Atomics.load(shared, 0)) };
}

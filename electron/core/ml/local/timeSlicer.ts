import { setImmediate as nextTurn } from 'node:timers/promises';

/*
 * Training runs on the event loop that also answers requests, so long loops hand it back every
 * few milliseconds: a request that arrives mid-training waits at most one slice. The text models
 * train in slices of a few milliseconds and predict from the server's own thread, so they stay
 * here; images, whose single steps take a second, go to the image worker (imageWorker/).
 */

/** How long a loop may hold the event loop before it lets other work run. */
export const SLICE_MS = 8;

/** Thrown out of a pause when the work should end (its database was closed). */
export class TrainingStopped extends Error {
  constructor() {
    super('Training stopped: the database was closed.');
  }
}

export interface TimeSlicer {
  /** Yields to the event loop when the current slice is used up; throws TrainingStopped when asked to stop. */
  pause(): Promise<void>;
}

export function createTimeSlicer(options: { sliceMs?: number; isStopped?: () => boolean } = {}): TimeSlicer {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  let sliceStart = performance.now();
  return {
    async pause() {
      if (performance.now() - sliceStart < sliceMs) return;
      await nextTurn();
      sliceStart = performance.now();
      if (options.isStopped?.()) throw new TrainingStopped();
    },
  };
}

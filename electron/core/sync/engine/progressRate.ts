import { estimateSecondsLeft } from '../../../../shared/text/timeLeft.js';
import type { Clock } from '../../domain/clock.js';

/*
 * The time estimate of a run's current phase: the clock is read when the phase starts and at each
 * count, and the time left is the items left at the pace so far (shared/text/timeLeft.ts). The
 * clock is the app's, so tests drive it.
 */

export interface ProgressRate {
  /** A new phase (or a new project of the pull): the pace starts again. */
  restart(): void;
  /** Seconds left after `done` of `total`, or null while there is no pace or no total. */
  secondsLeft(done: number, total: number | null): number | null;
}

export function createProgressRate(clock: Clock): ProgressRate {
  let startedAt = clock().getTime();
  return {
    restart() {
      startedAt = clock().getTime();
    },
    secondsLeft(done, total) {
      return estimateSecondsLeft(done, total, clock().getTime() - startedAt);
    },
  };
}

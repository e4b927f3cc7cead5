import { describe, expect, it } from 'vitest';
import { NO_RUN_WATCH, observeNewestRun, type RunWatch } from '../../renderer/src/features/sync/runWatch';

/* The sync page reads a pull's results again once the run ends, also when it never saw it running. */

function replay(newestPerPoll: { id: number; status: string }[], start: RunWatch = NO_RUN_WATCH): boolean[] {
  let watch = start;
  return newestPerPoll.map((newest) => {
    const next = observeNewestRun(watch, newest);
    watch = next.watch;
    return next.ended;
  });
}

describe('when a run has ended', () => {
  it('a run seen running ends when it is no longer', () => {
    expect(
      replay([
        { id: 4, status: 'completed' },
        { id: 5, status: 'running' },
        { id: 5, status: 'completed' },
      ]),
    ).toEqual([false, false, true]);
  });

  it('a run started elsewhere that began and ended between two polls still counts', () => {
    expect(
      replay([
        { id: 4, status: 'completed' },
        { id: 6, status: 'completed' },
        { id: 6, status: 'completed' },
      ]),
    ).toEqual([false, true, false]);
  });

  it('a run started here ends even if it failed at once', () => {
    const started: RunWatch = { watched: 7, newestSeen: 6 };
    expect(
      replay(
        [
          { id: 6, status: 'completed' },
          { id: 7, status: 'failed' },
        ],
        started,
      ),
    ).toEqual([false, true]);
  });
});

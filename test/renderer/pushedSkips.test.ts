import { describe, expect, it } from 'vitest';
import { pushedSummary, runCounts } from '../../renderer/src/features/sync/runStats';

/*
 * A skipped task is pushed as a cancelled annotation, but it is no new annotation: the run's line
 * says it apart, and says nothing of skips in runs that pushed none.
 */
describe('skips in the pushed line of a sync run', () => {
  it('names pushed skips apart from new annotations', () => {
    const counts = runCounts({ pushed: { annotations: 1, skips: 2 } });
    expect(pushedSummary(counts.pushed)).toBe('1 new annotation, 0 updates, 0 deletions, 0 tasks, 2 skips');
  });

  it('leaves skips out when none were pushed', () => {
    const counts = runCounts({ pushed: { annotations: 3 } });
    expect(pushedSummary(counts.pushed)).toBe('3 new annotations, 0 updates, 0 deletions, 0 tasks');
  });
});

import { updateAnnotationColumns } from '../../db/repos/annotationsRepo.js';
import { resultCount } from '../../domain/annotations/resultCount.js';
import { journalAnnotationUpdated } from '../../domain/sync/journal.js';
import type { AnnotationVersion } from '../conflict.js';
import type { PullRun } from './pullRun.js';

/*
 * Writes of a merged version (sync/regionMerge.ts) into a local annotation. A merge is new work
 * neither side has: unlike the rest of a pull, it is journaled as an update, so the push sends
 * it over the remote version (which the caller makes the agreed base) with the guarded PATCH.
 */

/**
 * Sets an annotation's result, skip and ground-truth mark to `version`. Time spent is not part of
 * a version (no base is kept for it): the longer of the two sides' is taken. `journal`: queue it
 * for the push (a mirrored annotation); off for a copy kept beside a conflict, which is not
 * pushed until someone resolves it.
 */
export function writeMergedVersion(
  run: PullRun,
  annotation: number,
  version: AnnotationVersion,
  leadTimes: readonly (number | null | undefined)[],
  journal: boolean,
): void {
  const result = JSON.parse(version.result) as unknown;
  const times = leadTimes.filter((time): time is number => typeof time === 'number');
  const now = run.now();
  updateAnnotationColumns(run.ctx.db, annotation, {
    result: version.result,
    was_cancelled: Number(version.wasCancelled),
    ground_truth: Number(version.groundTruth),
    result_count: resultCount(result),
    updated_at: now,
    ...(times.length > 0 ? { lead_time: Math.max(...times) } : {}),
  });
  if (journal) journalAnnotationUpdated(run.ctx.db, annotation, now);
}

import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import {
  refreshAnnotatedTaskCounters,
  refreshProjectTaskCounters,
  setProjectTaskOverlap,
} from '../../db/repos/taskCountersRepo.js';
import type { Db } from '../../db/open.js';
import { rearrangeOverlapCohort } from './rearrangeOverlapCohort.js';

/**
 * Label Studio's `Project._update_tasks_states` after a settings change. A new maximum_annotations
 * alone becomes the overlap of the cohort when one exists (of every task when the new maximum is
 * 1), else the cohort is drawn anew below 100 %, else every task takes it. A new
 * overlap_cohort_percentage draws the cohort anew (with a maximum of 1 there is none: every task
 * gets 1 if the maximum changed too, nothing changes otherwise). is_labeled follows; a new
 * skip_queue changes which annotations finish a task.
 */
export function updateTaskStates(db: Db, before: ProjectRow, after: ProjectRow): void {
  const maximumChanged = before.maximum_annotations !== after.maximum_annotations;
  const cohortChanged = before.overlap_cohort_percentage !== after.overlap_cohort_percentage;
  const maximum = after.maximum_annotations;
  let refreshed = true;
  if (maximumChanged && !cohortChanged) {
    const hasCohort = maximum > 1 && setProjectTaskOverlap(db, after.id, maximum, true) > 0;
    if (hasCohort) refreshProjectTaskCounters(db, after.id);
    else if (maximum > 1 && after.overlap_cohort_percentage < 100) rearrangeOverlapCohort(db, after);
    else {
      setProjectTaskOverlap(db, after.id, maximum, false);
      refreshProjectTaskCounters(db, after.id);
    }
  } else if (cohortChanged && maximum > 1) rearrangeOverlapCohort(db, after);
  else if (cohortChanged && maximumChanged) {
    setProjectTaskOverlap(db, after.id, 1, false);
    refreshProjectTaskCounters(db, after.id);
  } else refreshed = false;
  if (!refreshed && before.skip_queue !== after.skip_queue) refreshAnnotatedTaskCounters(db, after.id);
}

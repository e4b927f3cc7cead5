import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import {
  refreshAnnotatedTaskCounters,
  refreshProjectTaskCounters,
  setProjectTaskOverlap,
} from '../../db/repos/taskCountersRepo.js';
import type { Db } from '../../db/open.js';

/**
 * Label Studio's `Project._update_tasks_states` after a settings change: a new
 * maximum_annotations becomes the tasks' overlap (only the overlapped cohort's when one exists
 * and the new maximum is above 1), and is_labeled follows; a new skip_queue changes which
 * annotations finish a task. Cohort rearrangement below 100 % keeps each task's overlap as is.
 */
export function updateTaskStates(db: Db, before: ProjectRow, after: ProjectRow): void {
  const maximumChanged = before.maximum_annotations !== after.maximum_annotations;
  if (maximumChanged) {
    const maximum = after.maximum_annotations;
    if (maximum <= 1) setProjectTaskOverlap(db, after.id, maximum, false);
    else if (setProjectTaskOverlap(db, after.id, maximum, true) === 0 && after.overlap_cohort_percentage >= 100) {
      setProjectTaskOverlap(db, after.id, maximum, false);
    }
  }
  if (maximumChanged) refreshProjectTaskCounters(db, after.id);
  else if (before.skip_queue !== after.skip_queue) refreshAnnotatedTaskCounters(db, after.id);
}

import type { Db } from '../../db/open.js';
import { listCohortCandidates, setTasksOverlap } from '../../db/repos/overlapCohortRepo.js';
import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import { refreshProjectTaskCounters } from '../../db/repos/taskCountersRepo.js';

/**
 * Label Studio's `Project._rearrange_overlap_cohort`: of a project that wants
 * `maximum_annotations` on only `overlap_cohort_percentage` % of its tasks, that share of tasks
 * (rounded half up) gets the maximum as overlap and the rest get 1. Tasks that already hold the
 * maximum in finished, non-ground-truth annotations stay in the cohort; the other places go to
 * the tasks with the most annotations, ties by id, so a fresh import's cohort is its first tasks.
 * Then every task's is_labeled follows its overlap.
 */
export function rearrangeOverlapCohort(db: Db, project: ProjectRow): void {
  const maximum = project.maximum_annotations;
  const candidates = listCohortCandidates(db, project.id);
  const wanted = Math.floor((candidates.length * project.overlap_cohort_percentage) / 100 + 0.5);
  const full = candidates.filter((task) => task.finished >= maximum).map((task) => task.id);
  const others = candidates.filter((task) => task.finished < maximum).map((task) => task.id);
  const stillWanted = Math.max(wanted - full.length, 0);
  setTasksOverlap(db, [...full, ...others.slice(0, stillWanted)], maximum);
  setTasksOverlap(db, others.slice(stillWanted), 1);
  refreshProjectTaskCounters(db, project.id);
}

/**
 * After tasks were added to or removed from a project (an import, a deletion): Label Studio
 * rearranges the cohort when the project has one, and leaves every overlap as it is otherwise.
 */
export function updateTaskStatesAfterTaskCountChange(db: Db, project: ProjectRow): void {
  if (project.overlap_cohort_percentage < 100 && project.maximum_annotations > 1) rearrangeOverlapCohort(db, project);
}

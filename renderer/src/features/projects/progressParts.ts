import type { ProjectSummary } from '../../api/projects';

export interface ProgressParts {
  total: number;
  done: number;
  skipped: number;
  remaining: number;
}

/**
 * Tasks split three ways from the list counters. Label Studio counts skips per annotation, not per
 * task, and a skipped task is not finished; so skipped is capped by the tasks not yet done.
 */
export function progressParts(project: ProjectSummary): ProgressParts {
  const total = Math.max(0, project.task_number ?? 0);
  const done = Math.min(total, Math.max(0, project.finished_task_number ?? 0));
  const skipped = Math.min(total - done, Math.max(0, project.skipped_annotations_number ?? 0));
  return { total, done, skipped, remaining: total - done - skipped };
}

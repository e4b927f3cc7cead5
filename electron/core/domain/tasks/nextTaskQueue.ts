import type { Db } from '../../db/open.js';
import {
  findLockedOpenTask,
  findPostponedTask,
  findSkippedTask,
  hasOpenTaskWithOverlapAbove1,
  pickBreadthFirstTask,
  pickOpenTask,
  pickUncertainTask,
  type StreamCandidates,
  type StreamScope,
} from '../../db/repos/nextTaskRepo.js';
import type { ProjectRow } from '../../db/repos/projectsRepo.js';

/** Where the stream picks from: a Data Manager view's tasks and order, less the excluded ids. */
export interface StreamSelection {
  candidates: StreamCandidates;
  exclude: readonly number[];
}

export interface NextTaskChoice {
  taskId: number | undefined;
  /** Whether the chosen task gets (or refreshes) the user's lock. */
  useLock: boolean;
  /** Label Studio's human-readable `queue` string, e.g. "Ground truth queue & Sequence queue". */
  queue: string;
}

function append(queue: string, name: string): string {
  return queue ? `${queue} & ${name}` : name;
}

/**
 * Label Studio's `get_next_task` without a Data Manager queue or assignments, step by step:
 * overlap-first filter, the task already locked by the user, ground truth first, breadth first
 * when tasks need several annotators, then the project's sampling; if nothing is left, the
 * user's postponed drafts and (REQUEUE_FOR_ME) their skipped tasks. Every step picks among the
 * selection's tasks; the ordered steps walk them in its order.
 */
export function chooseNextTask(
  db: Db,
  project: ProjectRow,
  user: number,
  now: string,
  selection: StreamSelection,
): NextTaskChoice {
  const base = { project: project.id, user, now, skipQueue: project.skip_queue, overlapAbove1: null, ...selection };
  let queue = '';
  // 1. show_overlap_first narrows the open tasks to overlap > 1 when there are any. Label Studio
  // 1.22 names it in the queue it builds first, then starts the queue anew for the steps below,
  // so its answers never say "Show overlap first": neither do ours.
  let overlapAbove1: number | null = null;
  if (project.show_overlap_first) overlapAbove1 = hasOpenTaskWithOverlapAbove1(db, base) ? 1 : 0;
  const scope: StreamScope = { ...base, overlapAbove1 };
  const isSequential = project.sampling === 'Sequential sampling';

  // 2. A task this user already holds comes back without a new lock.
  let taskId = findLockedOpenTask(db, scope);
  let useLock = taskId === undefined;
  if (taskId !== undefined) queue = append(queue, 'Task lock');

  // 3. Ground truth first (named in the queue only when it gave the task, as Label Studio 1.22 does).
  if (taskId === undefined && project.show_ground_truth_first) {
    taskId = pickOpenTask(db, scope, { random: !isSequential, groundTruthOnly: true });
    if (taskId !== undefined) queue = append(queue, 'Ground truth queue');
  }
  // 4. Finish tasks other annotators started.
  if (taskId === undefined && project.maximum_annotations > 1) {
    taskId = pickBreadthFirstTask(db, scope);
    if (taskId !== undefined) queue = append(queue, 'Breadth first queue');
  }
  // 5. The project's sampling.
  if (taskId === undefined) {
    if (isSequential) {
      queue = append(queue, 'Sequence queue');
      taskId = pickOpenTask(db, scope, { random: false, groundTruthOnly: false });
    } else if (project.sampling === 'Uncertainty sampling') {
      queue = append(queue, 'Active learning or random queue');
      const uncertain = pickUncertainTask(db, scope, project.model_version ?? '');
      taskId = uncertain === null ? pickOpenTask(db, scope, { random: true, groundTruthOnly: false }) : uncertain;
    } else {
      queue = append(queue, 'Uniform random queue');
      taskId = pickOpenTask(db, scope, { random: true, groundTruthOnly: false });
    }
  }
  if (taskId !== undefined) return { taskId, useLock, queue };

  // 6. Nothing new: the user's postponed drafts, then their own skips.
  useLock = false;
  const postponed = findPostponedTask(db, scope);
  if (postponed !== undefined) return { taskId: postponed, useLock, queue: 'Postponed draft queue' };
  if (project.skip_queue === 'REQUEUE_FOR_ME') {
    const skipped = findSkippedTask(db, scope);
    if (skipped !== undefined) return { taskId: skipped, useLock, queue: 'Skipped queue' };
  }
  return { taskId: undefined, useLock, queue };
}

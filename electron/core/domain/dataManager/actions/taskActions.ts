import { randomUUID } from 'node:crypto';
import type { DmActionResult } from '../../../../../shared/api/dataManager.js';
import {
  deleteAnnotationsOfTasks,
  deleteDraftsOfTasks,
  deletePredictionsOfTasks,
  deleteTasksByIds,
  hasProjectTasks,
  insertAnnotationFromPrediction,
  listAnnotatedTasks,
  listConvertiblePredictions,
  listDuplicatedTasks,
  listPredictedTasks,
  moveAnnotations,
} from '../../../db/repos/dmActionsRepo.js';
import { findProjectById } from '../../../db/repos/projectsRepo.js';
import { refreshTaskCounters, touchTask } from '../../../db/repos/taskCountersRepo.js';
import { deleteProjectViews } from '../../../db/repos/viewsRepo.js';
import { refreshTaskAgreement } from '../../agreement/taskAgreementColumn.js';
import { formatTimestamp } from '../../clock.js';
import type { DomainContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { parsePythonInt } from '../../pythonText.js';
import { updateTaskStatesAfterTaskCountChange } from '../../projects/rearrangeOverlapCohort.js';

/*
 * Label Studio's Data Manager actions (data_manager/actions/*.py) over the selected task ids.
 * Each runs inside performAction's transaction and leaves task counters exact.
 */

export interface ActionRun {
  ctx: DomainContext;
  userId: number;
  project: number;
  taskIds: number[];
  body: Record<string, unknown>;
}

export type ActionResult = DmActionResult;

function refreshAll(run: ActionRun, taskIds: readonly number[], touch: boolean, updatedBy: number | null): void {
  const now = formatTimestamp(run.ctx.clock());
  for (const task of taskIds) {
    if (touch) touchTask(run.ctx.db, task, now, updatedBy);
    refreshTaskCounters(run.ctx.db, task);
    refreshTaskAgreement(run.ctx.db, task);
  }
}

/** delete_tasks: the tasks and everything on them; with no task left, the project's tabs go too. */
export function deleteTasks(run: ActionRun): ActionResult {
  const count = deleteTasksByIds(run.ctx.db, run.taskIds);
  const project = findProjectById(run.ctx.db, run.project);
  if (count > 0 && project) updateTaskStatesAfterTaskCountChange(run.ctx.db, project);
  let reload = false;
  if (!hasProjectTasks(run.ctx.db, run.project)) {
    deleteProjectViews(run.ctx.db, run.project);
    reload = true;
  }
  return { processed_items: count, reload, detail: `Deleted ${count} tasks` };
}

/** The optional `annotator` of the Delete Annotations form (a user id, usually as a string). */
function readAnnotator(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(parsePythonInt(value)) : NaN;
  if (!Number.isInteger(parsed)) throw new ValidationError({ annotator: ['A valid integer is required.'] });
  return parsed;
}

/**
 * delete_tasks_annotations: the annotations (optionally one annotator's) and the drafts of the
 * selected tasks; the tasks that lost annotations are marked updated by the caller.
 */
export function deleteTasksAnnotations(run: ActionRun): ActionResult {
  const annotator = readAnnotator(run.body.annotator);
  const touched = listAnnotatedTasks(run.ctx.db, run.taskIds, annotator);
  const count = deleteAnnotationsOfTasks(run.ctx.db, run.taskIds, annotator);
  deleteDraftsOfTasks(run.ctx.db, run.taskIds, annotator);
  refreshAll(run, touched, true, run.userId);
  return { processed_items: count, detail: `Deleted ${count} annotations` };
}

/**
 * delete_tasks_predictions. Label Studio's bulk delete leaves updated_at alone; Outpost bumps it
 * (keeping updated_by) because deleting one prediction bumps its task
 * (docs/label-studio-compatibility.md#task-counters), and incremental sync pulls rely on that.
 */
export function deleteTasksPredictions(run: ActionRun): ActionResult {
  const touched = listPredictedTasks(run.ctx.db, run.taskIds);
  const count = deletePredictionsOfTasks(run.ctx.db, run.taskIds);
  refreshAll(run, touched, true, null);
  return { processed_items: count, detail: `Deleted ${count} predictions` };
}

function readModelVersions(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  return (Array.isArray(value) ? value : [value]).map((item) => String(item));
}

/**
 * predictions_to_annotations: one annotation by the caller per prediction that has none made from
 * it yet, optionally only for the given `model_version` (a string or a list).
 */
export function predictionsToAnnotations(run: ActionRun): ActionResult {
  const predictions = listConvertiblePredictions(run.ctx.db, run.taskIds, readModelVersions(run.body.model_version));
  const now = formatTimestamp(run.ctx.clock());
  for (const prediction of predictions) {
    insertAnnotationFromPrediction(run.ctx.db, {
      task: prediction.task,
      project: run.project,
      unique_id: randomUUID(),
      result: prediction.result,
      completed_by: run.userId,
      parent_prediction: prediction.id,
      created_at: now,
    });
  }
  refreshAll(run, [...new Set(predictions.map((prediction) => prediction.task))], true, run.userId);
  return { detail: `Created ${predictions.length} annotations` };
}

/**
 * remove_duplicates: among the selected tasks, those with the same data keep one task (the
 * first annotated one, else the first); the others' annotations move to it and they are deleted.
 */
export function removeDuplicates(run: ActionRun): ActionResult {
  const groups = new Map<string, { id: number; total_annotations: number }[]>();
  for (const row of listDuplicatedTasks(run.ctx.db, run.taskIds)) {
    const group = groups.get(row.data) ?? [];
    group.push(row);
    groups.set(row.data, group);
  }
  const removing: number[] = [];
  const keepers: number[] = [];
  for (const group of groups.values()) {
    const keeper = group.find((task) => task.total_annotations > 0) ?? group[0]!;
    keepers.push(keeper.id);
    for (const task of group) {
      if (task.id === keeper.id) continue;
      // Label Studio moves only counted annotations and then refuses to finish when a duplicate
      // still has skipped ones; moving every annotation keeps all work and always finishes.
      moveAnnotations(run.ctx.db, task.id, keeper.id);
      removing.push(task.id);
    }
  }
  if (removing.length > 0) deleteTasks({ ...run, taskIds: removing });
  refreshAll(run, keepers, false, null);
  return {};
}

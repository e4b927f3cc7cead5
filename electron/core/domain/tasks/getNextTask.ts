import { randomUUID } from 'node:crypto';
import { listUserDraftsOfTask } from '../../db/repos/draftsRepo.js';
import { findMlBackendTitled } from '../../db/repos/mlBackendsRepo.js';
import { listPredictionsOfTasks } from '../../db/repos/predictionsRepo.js';
import { findProjectById, type ProjectRow } from '../../db/repos/projectsRepo.js';
import { clearExpiredLocks, countLiveLocks, findUserLock, upsertTaskLock } from '../../db/repos/taskLocksRepo.js';
import { findTaskById, type TaskRow } from '../../db/repos/tasksRepo.js';
import { findUserById } from '../../db/repos/usersRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { serializeDraft } from '../drafts/serializeDraft.js';
import { NotFoundError } from '../errors.js';
import { serializePrediction } from '../predictions/serializePredictions.js';
import { chooseNextTask } from './nextTaskQueue.js';
import { streamSelection, type NextTaskRequest } from './streamSelection.js';
import { serializeBaseTask } from './serializeTask.js';

/** Label Studio's TASK_LOCK_TTL default. */
const LOCK_TTL_SECONDS = 86400;

/** Task.set_lock: a lock (or a longer one) for the user while the task has room for it. */
function lockTask(ctx: DomainContext, task: TaskRow, user: number, now: Date): void {
  const nowText = formatTimestamp(now);
  if (countLiveLocks(ctx.db, task.id, nowText) < task.overlap || findUserLock(ctx.db, task.id, user)) {
    const expireAt = formatTimestamp(new Date(now.getTime() + LOCK_TTL_SECONDS * 1000));
    upsertTaskLock(ctx.db, { task: task.id, user, unique_id: randomUUID(), expire_at: expireAt });
  }
  clearExpiredLocks(ctx.db, task.id, nowText);
}

/**
 * `get_predictions_for_prelabeling`: the stored predictions when the project shows them, only
 * the project's model version when one is set. A model version that is an ML backend's title
 * names a live model: its predictions are those of the backend's current model version (the ML
 * layer asked the model for one before this runs).
 */
function prelabelingPredictions(ctx: DomainContext, project: ProjectRow, task: TaskRow, now: Date) {
  if (!project.show_collab_predictions) return [];
  const chosen = project.model_version;
  const live = chosen ? findMlBackendTitled(ctx.db, project.id, chosen) : undefined;
  const version = live ? live.model_version : chosen;
  return listPredictionsOfTasks(ctx.db, [task.id])
    .filter((row) => !chosen || row.model_version === version)
    .map((row) => serializePrediction(row, now));
}

/** The prelabeling predictions of one task again, after the ML layer asked the model for some. */
export function prelabelingPredictionsOfTask(ctx: DomainContext, projectId: number, taskId: number) {
  const project = findProjectById(ctx.db, projectId);
  const task = findTaskById(ctx.db, taskId);
  return project && task ? prelabelingPredictions(ctx, project, task, ctx.clock()) : [];
}

/**
 * NextTaskSerializer: the declared fields first (predictions for prelabeling, no annotations,
 * the caller's drafts, `updated_by` as a list, the caller's lock id), then the task's fields,
 * then `queue`.
 */
function presentNextTask(ctx: DomainContext, project: ProjectRow, task: TaskRow, user: number, queue: string) {
  const now = ctx.clock();
  const dataTypes = JSON.parse(project.data_types) as Record<string, string>;
  const { id, updated_by: updatedBy, ...fields } = serializeBaseTask(task, dataTypes);
  return {
    id,
    predictions: prelabelingPredictions(ctx, project, task, now),
    annotations: [],
    drafts: listUserDraftsOfTask(ctx.db, task.id, user).map((row) => serializeDraft(row, now)),
    updated_by: updatedBy === null ? [] : [{ user_id: updatedBy }],
    unique_lock_id: findUserLock(ctx.db, task.id, user)?.unique_id ?? null,
    ...fields,
    queue,
  };
}

/**
 * `GET /api/projects/{id}/next/`: the next task of the caller's label stream, locked
 * for them; 404 `There are no tasks for <user>` when none is left. A view or query narrows
 * and orders the stream; `exclude` names tasks to pass over (streamSelection.ts). The request's
 * parameters are read once the project is known to exist, so a missing project is a 404 before
 * any parameter is judged, as in Label Studio.
 */
export function getNextTask(
  ctx: DomainContext,
  userId: number,
  projectId: number,
  readRequest: () => NextTaskRequest = () => ({ view: 0, query: null, exclude: [] }),
): Record<string, unknown> {
  if (!findProjectById(ctx.db, projectId)) throw new NotFoundError('No Project matches the given query.');
  const selection = streamSelection(ctx, projectId, readRequest());
  return ctx.db.transaction(() => {
    const project = findProjectById(ctx.db, projectId);
    if (!project) throw new NotFoundError('No Project matches the given query.');
    const now = ctx.clock();
    const choice = chooseNextTask(ctx.db, project, userId, formatTimestamp(now), selection);
    const task = choice.taskId === undefined ? undefined : findTaskById(ctx.db, choice.taskId);
    if (!task) {
      // Label Studio prints the user with str(user), which is the email.
      throw new NotFoundError(`There are no tasks for ${findUserById(ctx.db, userId)?.email ?? userId}`);
    }
    if (choice.useLock) lockTask(ctx, task, userId, now);
    return presentNextTask(ctx, project, task, userId, choice.queue);
  })();
}

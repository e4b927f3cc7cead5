import { listTaskSetIds } from '../../../db/repos/taskListRepo.js';
import type { DomainContext } from '../../context.js';
import { formatTimestamp } from '../../clock.js';
import { PlainError } from '../../errors.js';
import { getProjectRow } from '../../projects/getProject.js';
import { journalAnnotationChanges } from '../../sync/journalBulk.js';
import { compileTaskQuery, resolvePrepareParams } from '../resolveTaskQuery.js';
import { isKnownAction } from './actionCatalog.js';
import {
  deleteTasks,
  deleteTasksAnnotations,
  deleteTasksPredictions,
  predictionsToAnnotations,
  removeDuplicates,
  type ActionResult,
  type ActionRun,
} from './taskActions.js';

const ENTRY_POINTS: Record<string, (run: ActionRun) => ActionResult> = {
  delete_tasks: deleteTasks,
  delete_tasks_annotations: deleteTasksAnnotations,
  delete_tasks_predictions: deleteTasksPredictions,
  predictions_to_annotations: predictionsToAnnotations,
  remove_duplicates: removeDuplicates,
};

export interface ActionRequest {
  project: number;
  /** `?id=`; undefined when missing. */
  actionId: string | undefined;
  /** `view` from the query or the body; its stored selection wins over the body's. */
  view: number;
  /** The parsed `query` parameter when given, else the request body. */
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** Actions whose work is not the domain's: the ML layer runs them (it calls model servers). */
export const ML_ACTIONS = new Set(['retrieve_tasks_predictions']);

/**
 * The selection an action works on. Steps (Label Studio's ProjectActionsAPI.post):
 * 1. the project (404), then the selection: a view, the `query` parameter or the body; a body
 *    without selectedItems selects every task, as in Label Studio;
 * 2. a missing id is a plain 422 `No action id "None", use ?id=<action-id>`; an unknown one
 *    (Label Studio fails with a 500) is a plain 422 too.
 */
export function selectActionTasks(ctx: DomainContext, request: ActionRequest): { actionId: string; taskIds: number[] } {
  getProjectRow(ctx, request.project);
  const params = resolvePrepareParams(ctx, { project: request.project, view: request.view, query: request.query });
  if (request.actionId === undefined) {
    throw new PlainError(422, 'No action id "None", use ?id=<action-id>');
  }
  if (!isKnownAction(request.actionId)) {
    throw new PlainError(422, `Can't find '${request.actionId}' in registered actions`);
  }
  // Actions need no order (Label Studio drops it too), so no data-key index is made for one.
  const query = compileTaskQuery(ctx, params, false);
  return { actionId: request.actionId, taskIds: query.matchesNothing ? [] : listTaskSetIds(ctx.db, query.set) };
}

/**
 * `POST /api/dm/actions/?project=&id=` for the domain's own actions: the selection (see
 * selectActionTasks), then the action in one transaction over the selected ids.
 */
export function performAction(ctx: DomainContext, userId: number, request: ActionRequest): ActionResult {
  const entryPoint = request.actionId === undefined ? undefined : ENTRY_POINTS[request.actionId];
  return ctx.db.transaction(() => {
    const { taskIds } = selectActionTasks(ctx, request);
    if (!entryPoint) throw new PlainError(422, `Can't find '${request.actionId}' in registered actions`);
    // A mirrored project's outbox learns what the action did to annotations, in this transaction.
    return journalAnnotationChanges(ctx.db, request.project, taskIds, formatTimestamp(ctx.clock()), () =>
      entryPoint({ ctx, userId, project: request.project, taskIds, body: request.body }),
    );
  })();
}

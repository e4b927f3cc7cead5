import { EVERY_TASK } from '../../db/repos/nextTaskRepo.js';
import type { DomainContext } from '../context.js';
import { compileTaskQuery, resolvePrepareParams } from '../dataManager/resolveTaskQuery.js';
import type { StreamSelection } from './nextTaskQueue.js';

/*
 * Which tasks the label stream picks from. Label Studio's "Label" button in a Data Manager tab
 * asks `next` with the tab's view: the view's filters and selection narrow every step of the
 * stream, and its ordering is the order the ordered steps (the user's lock, sequential sampling,
 * ground truth) walk; random steps stay random. Without a view, a `query` (filters, ordering,
 * selectedItems as JSON) does the same. Label Studio's separate "Data manager queue" (taken when
 * a GET carries those in its body) is not reproduced: browsers send no body with a GET.
 */

export interface NextTaskRequest {
  /** A Data Manager view of the project (0: none); it wins over `query`. */
  view: number;
  /** The parsed `query` parameter, or null when absent. */
  query: Record<string, unknown> | null;
  /** Task ids to treat as unavailable (an Outpost extension for preloading the next task). */
  exclude: readonly number[];
}

export function streamSelection(ctx: DomainContext, project: number, request: NextTaskRequest): StreamSelection {
  if (request.view === 0 && request.query === null) return { candidates: EVERY_TASK, exclude: request.exclude };
  const params = resolvePrepareParams(ctx, { project, view: request.view, query: request.query ?? {} });
  const { set, ordering } = compileTaskQuery(ctx, params);
  return {
    candidates: {
      conditions: set.conditions,
      sortBy: ordering.segments[0]?.sortBy ?? null,
      descending: ordering.descending,
    },
    exclude: request.exclude,
  };
}

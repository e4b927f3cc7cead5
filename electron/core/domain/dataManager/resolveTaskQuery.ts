import { projectExists } from '../../db/repos/projectExistsRepo.js';
import type { TaskCondition, TaskSet } from '../../db/repos/taskQuery.js';
import { findView } from '../../db/repos/viewsRepo.js';
import type { DomainContext } from '../context.js';
import { DomainError, NotFoundError, PlainError } from '../errors.js';
import { compileFilters, type CompiledFilters } from './compileFilters.js';
import { compileOrdering, type CompiledOrdering } from './compileOrdering.js';
import { ensureDataKeyIndex } from './dataKeyIndexes.js';
import { readPrepareParams, type PrepareParams, type SelectedItems } from './prepareParams.js';
import { viewPrepareParams } from './viewFields.js';

/*
 * From a request's project / view / query to a typed task set: Label Studio's
 * get_prepare_params followed by only_filtered (filters, then the selection) and the ordering.
 */

export interface TaskQuerySource {
  /** `project` (0 or absent: none). */
  project: number;
  /** `view` (0 or absent: none); its stored filters, ordering and selection win over `query`. */
  view: number;
  /** The parsed `query` parameter or action body (filters, selectedItems, ordering). */
  query: Record<string, unknown>;
}

export interface TaskQuery {
  project: number;
  set: TaskSet;
  ordering: CompiledOrdering;
  /** No task can match (Label Studio's queryset.none()). */
  matchesNothing: boolean;
}

function selectionCondition(selected: SelectedItems | null): TaskCondition | null {
  if (!selected) return null;
  if (!selected.all && selected.included.length > 0) {
    return { op: 'inList', column: 'id', values: selected.included };
  }
  if (selected.all && selected.excluded.length > 0) {
    return { op: 'not', of: { op: 'inList', column: 'id', values: selected.excluded } };
  }
  return null;
}

/** The project and prepare params; a plain 404 when neither a project nor a view is named. */
export function resolvePrepareParams(ctx: DomainContext, source: TaskQuerySource): PrepareParams {
  let project = source.project;
  if (project) {
    if (!projectExists(ctx.db, project)) throw new NotFoundError('No Project matches the given query.');
  } else if (source.view) {
    const view = findView(ctx.db, source.view);
    if (!view) throw new NotFoundError('No View matches the given query.');
    project = view.project;
  } else {
    throw new PlainError(404, 'Neither project nor view id specified');
  }
  if (source.view > 0) {
    const view = findView(ctx.db, source.view);
    if (!view) throw new NotFoundError('No View matches the given query.');
    if (view.project !== project) throw new DomainError(400, 'Project and View mismatch');
    return viewPrepareParams(view);
  }
  return readPrepareParams(project, source.query);
}

/** Compiles prepare params into task conditions, making a data-key index first when one would help. */
export function compileTaskQuery(ctx: DomainContext, params: PrepareParams, ordered = true): TaskQuery {
  const filters: CompiledFilters = compileFilters(params.filters);
  const ordering = compileOrdering(ordered ? params.ordering : []);
  const conditions: TaskCondition[] = [];
  if (filters.where) conditions.push(filters.where);
  const selection = selectionCondition(params.selectedItems);
  if (selection) conditions.push(selection);
  if (!filters.matchesNothing) {
    ensureDataKeyIndex(ctx, params.project, { filter: filters.indexHint, ordering: ordering.indexColumn });
  }
  return {
    project: params.project,
    set: { project: params.project, conditions: filters.matchesNothing ? [{ op: 'nothing' }] : conditions },
    ordering,
    matchesNothing: filters.matchesNothing,
  };
}

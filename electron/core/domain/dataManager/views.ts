import type { z } from 'zod';
import type { DmView } from '../../../../shared/api/dataManager.js';
import { projectExists } from '../../db/repos/projectExistsRepo.js';
import {
  countProjectViews,
  deleteProjectViews,
  deleteViewRow,
  findView,
  insertView,
  listViews as listViewRows,
  maxProjectViewOrder,
  setViewOrder,
  updateViewRow,
  type ViewRow,
} from '../../db/repos/viewsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { drfInteger, drfPrimaryKey } from '../drfFields.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { parsePythonInt, pythonTypeName } from '../pythonText.js';
import { readViewInput, serializeView } from './viewFields.js';

/* Data Manager views (tabs): Label Studio's ViewAPI. */

function fieldErrors(result: z.ZodSafeParseResult<unknown>, field: string): never {
  throw new ValidationError({ [field]: result.error!.issues.map((issue) => issue.message) });
}

/** A `project` field (PrimaryKeyRelatedField): required, an existing project. */
function readProject(ctx: DomainContext, raw: unknown): number {
  if (raw === undefined) throw new ValidationError({ project: ['This field is required.'] });
  const result = drfPrimaryKey((id) => projectExists(ctx.db, id)).safeParse(raw);
  if (!result.success) fieldErrors(result, 'project');
  return result.data!;
}

export function getViewRow(ctx: DomainContext, id: number): ViewRow {
  const row = findView(ctx.db, id);
  if (!row) throw new NotFoundError('No View matches the given query.');
  return row;
}

/** `GET /api/dm/views/?project=`: django-filter refuses an unknown project as an invalid choice. */
export function listViews(ctx: DomainContext, project: string | undefined): DmView[] {
  let id: number | null = null;
  if (project !== undefined && project !== '') {
    const parsed = parsePythonInt(project);
    if (parsed === null || !projectExists(ctx.db, Number(parsed))) {
      throw new ValidationError({
        project: ['Select a valid choice. That choice is not one of the available choices.'],
      });
    }
    id = Number(parsed);
  }
  return listViewRows(ctx.db, id).map(serializeView);
}

export function getView(ctx: DomainContext, id: number): DmView {
  return serializeView(getViewRow(ctx, id));
}

/**
 * `POST /api/dm/views/`: the tab goes last (Label Studio numbers it by the project's tab count
 * when it has filters, else one past the highest order).
 */
export function createView(ctx: DomainContext, userId: number, body: Record<string, unknown>): DmView {
  const project = readProject(ctx, body.project);
  const input = readViewInput(body);
  const now = formatTimestamp(ctx.clock());
  return ctx.db.transaction(() => {
    const highest = maxProjectViewOrder(ctx.db, project);
    const order = input.filterGroup ? countProjectViews(ctx.db, project) : (highest ?? -1) + 1;
    const id = insertView(ctx.db, {
      project,
      data: JSON.stringify(input.data),
      filter_group: input.filterGroup ? JSON.stringify(input.filterGroup) : null,
      ordering: JSON.stringify(input.ordering),
      selected_items: JSON.stringify(body.selected_items ?? {}),
      order,
      user: userId,
      created_at: now,
      updated_at: now,
    });
    return serializeView(findView(ctx.db, id)!);
  })();
}

/**
 * `PUT`/`PATCH /api/dm/views/{id}/`. Label Studio's update writes only the data, the filter
 * group (when `data.filters` has a conjunction) and the ordering (when non-empty); PUT still
 * requires a valid `project`.
 */
export function updateView(ctx: DomainContext, id: number, body: Record<string, unknown>, partial: boolean): DmView {
  const row = getViewRow(ctx, id);
  if (!partial || body.project !== undefined) readProject(ctx, body.project);
  const input = readViewInput(body);
  const orderingChanged =
    JSON.stringify(input.ordering) !== '{}' && JSON.stringify(input.ordering) !== '[]' && input.ordering !== '';
  ctx.db.transaction(() => {
    updateViewRow(ctx.db, id, {
      data: body.data === undefined ? row.data : JSON.stringify(input.data),
      filter_group: input.filterGroup ? JSON.stringify(input.filterGroup) : row.filter_group,
      ordering: orderingChanged ? JSON.stringify(input.ordering) : row.ordering,
      selected_items: row.selected_items,
      updated_at: formatTimestamp(ctx.clock()),
    });
  })();
  return getView(ctx, id);
}

export function deleteView(ctx: DomainContext, id: number): void {
  getViewRow(ctx, id);
  deleteViewRow(ctx.db, id);
}

/** `DELETE /api/dm/views/reset/`: the project from the body when it has one, else the query. */
export function resetViews(ctx: DomainContext, project: unknown): void {
  if (project === undefined || project === null)
    throw new ValidationError({ project: ['This field may not be null.'] });
  deleteProjectViews(ctx.db, readProject(ctx, project));
}

/** `POST /api/dm/views/order/` `{"project": 1, "ids": [3, 1, 2]}`: each listed tab of the project takes its position. */
export function orderViews(ctx: DomainContext, body: Record<string, unknown>): void {
  const { project: rawProject, ids: rawIds } = body;
  const errors: Record<string, unknown> = {};
  let project: number | null = null;
  if (rawProject === undefined) errors.project = ['This field is required.'];
  else {
    const result = drfInteger().safeParse(rawProject);
    if (result.success) project = result.data;
    else errors.project = result.error.issues.map((issue) => issue.message);
  }
  const ids: number[] = [];
  if (rawIds === undefined) errors.ids = ['This field is required.'];
  else if (!Array.isArray(rawIds)) errors.ids = [`Expected a list of items but got type "${pythonTypeName(rawIds)}".`];
  else if (rawIds.length === 0) errors.ids = ['This list may not be empty.'];
  else {
    const itemErrors: Record<string, string[]> = {};
    rawIds.forEach((raw, index) => {
      const result = drfInteger().safeParse(raw);
      if (result.success && result.data !== null) ids.push(result.data);
      else itemErrors[String(index)] = ['A valid integer is required.'];
    });
    if (Object.keys(itemErrors).length > 0) errors.ids = itemErrors;
  }
  if (Object.keys(errors).length > 0 || project === null) throw new ValidationError(errors);
  if (!projectExists(ctx.db, project)) throw new NotFoundError('No Project matches the given query.');
  ctx.db.transaction(() => ids.forEach((id, position) => setViewOrder(ctx.db, id, project, position)))();
}

import { findProjectById, type ProjectRow } from '../../db/repos/projectsRepo.js';
import { deleteProjectTaskRows, listProjectTaskPage } from '../../db/repos/tasksRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { journalAnnotationChanges } from '../sync/journalBulk.js';
import { NotFoundError } from '../errors.js';
import { createTaskInProject } from './createTask.js';
import { resolveTaskPage, type TaskPageQuery } from './projectTaskPage.js';
import { serializeSimpleTasks } from './serializeTask.js';

function getProjectRow(ctx: DomainContext, projectId: number): ProjectRow {
  const project = findProjectById(ctx.db, projectId);
  if (!project) throw new NotFoundError('No Project matches the given query.');
  return project;
}

/**
 * `GET /api/projects/{id}/tasks/` (docs/label-studio-compatibility.md#task-lists): a bare array of
 * TaskSimpleSerializer objects, most recently updated first. An empty page (including page 1 of a
 * project without tasks) is the 404 `Not found.`.
 */
export function listProjectTasks(
  ctx: DomainContext,
  projectId: number,
  query: TaskPageQuery,
): Record<string, unknown>[] {
  return ctx.db.transaction(() => {
    const project = getProjectRow(ctx, projectId);
    const window = resolveTaskPage(query);
    if (window.kind === 'empty') throw new NotFoundError();
    const rows =
      window.kind === 'all'
        ? listProjectTaskPage(ctx.db, project.id, -1, 0)
        : listProjectTaskPage(ctx.db, project.id, window.limit, window.offset);
    if (rows.length === 0) throw new NotFoundError();
    const dataTypes = JSON.parse(project.data_types) as Record<string, string>;
    return serializeSimpleTasks(ctx.db, rows, dataTypes, ctx.clock());
  })();
}

/** `POST /api/projects/{id}/tasks/`: one task in this project (the body's `project` is ignored). 201. */
export function createProjectTask(
  ctx: DomainContext,
  projectId: number,
  body: Record<string, unknown>,
): Record<string, unknown> {
  return createTaskInProject(ctx, getProjectRow(ctx, projectId), body);
}

/** `DELETE /api/projects/{id}/tasks/`: every task with its annotations, predictions and drafts. 204. */
export function deleteProjectTasks(ctx: DomainContext, projectId: number): void {
  ctx.db.transaction(() => {
    const project = getProjectRow(ctx, projectId);
    journalAnnotationChanges(ctx.db, project.id, null, formatTimestamp(ctx.clock()), () =>
      deleteProjectTaskRows(ctx.db, project.id),
    );
  })();
}

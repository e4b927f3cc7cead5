import { findProjectById } from '../../db/repos/projectsRepo.js';
import { touchTask } from '../../db/repos/taskCountersRepo.js';
import { deleteTaskRow, findTaskById, updateTaskColumns, type TaskColumns } from '../../db/repos/tasksRepo.js';
import { getTaskRow } from '../annotations/annotationLookup.js';
import { formatTimestamp } from '../clock.js';
import { ValidationError } from '../errors.js';
import type { DomainContext } from '../context.js';
import { updateTaskStatesAfterTaskCountChange } from '../projects/rearrangeOverlapCohort.js';
import { journalAnnotationChanges } from '../sync/journalBulk.js';
import { serializeDmTasks } from '../dataManager/serializeDmTasks.js';
import { serializeSimpleTasks } from './serializeTask.js';
import { taskStateColumns, type TaskInput } from './taskInput.js';

/**
 * `GET /api/tasks/{id}/`: the Data Manager serializer with every field, annotations
 * (skipped ones too) with `completed_by` expanded, predictions and the caller's drafts; the
 * results' display strings are left empty there.
 * `resolveUri` (default true) points sync-cached media at their local copies.
 */
export function getTask(
  ctx: DomainContext,
  userId: number,
  taskId: number,
  resolveUri = true,
): Record<string, unknown> {
  const task = getTaskRow(ctx, taskId);
  const [item] = serializeDmTasks(ctx, userId, [task.id], {
    fields: 'all',
    completedBy: 'user',
    resolveUri,
    skipResultStrings: true,
  });
  return item!;
}

/**
 * `PATCH` / `PUT /api/tasks/{id}/`: TaskSimpleSerializer, so no label-config validation of
 * `data`. The task's updated_at moves (auto_now); its updated_by stays. Its state (overlap,
 * is_labeled, counters) is stored as given and nothing is recounted, as Label Studio's save does.
 */
export function updateTask(ctx: DomainContext, taskId: number, input: TaskInput): Record<string, unknown> {
  // Label Studio's task signals read data as a dict and fail with a 500 on anything else.
  if (input.data !== undefined && !isPlainObject(input.data)) {
    throw new ValidationError({ data: ['Task[data] must be dict'] });
  }
  const now = formatTimestamp(ctx.clock());
  const row = ctx.db.transaction(() => {
    const task = getTaskRow(ctx, taskId);
    const columns: Partial<TaskColumns> = taskStateColumns(input);
    if (input.data !== undefined) columns.data = JSON.stringify(input.data);
    if (input.meta !== undefined) columns.meta = JSON.stringify(input.meta);
    if (input.allow_skip !== undefined)
      columns.allow_skip = input.allow_skip === null ? null : Number(input.allow_skip);
    updateTaskColumns(ctx.db, task.id, columns);
    touchTask(ctx.db, task.id, now, null);
    return findTaskById(ctx.db, task.id)!;
  })();
  const project = findProjectById(ctx.db, row.project);
  const dataTypes = project ? (JSON.parse(project.data_types) as Record<string, string>) : {};
  return serializeSimpleTasks(ctx.db, [row], dataTypes, ctx.clock())[0]!;
}

/**
 * `DELETE /api/tasks/{id}/`: the task with its annotations, predictions, drafts and locks. 204.
 * One task fewer redraws the project's overlap cohort, as Label Studio's delete signal does.
 */
export function deleteTask(ctx: DomainContext, taskId: number): void {
  ctx.db.transaction(() => {
    const task = getTaskRow(ctx, taskId);
    journalAnnotationChanges(ctx.db, task.project, [task.id], formatTimestamp(ctx.clock()), () =>
      deleteTaskRow(ctx.db, task.id),
    );
    const project = findProjectById(ctx.db, task.project);
    if (project) updateTaskStatesAfterTaskCountChange(ctx.db, project);
  })();
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { findProjectById, type ProjectRow } from '../../db/repos/projectsRepo.js';
import { refreshAndTouchTask } from '../../db/repos/taskCountersRepo.js';
import { findTaskById, insertTaskRow, updateTaskColumns } from '../../db/repos/tasksRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { parsePythonInt } from '../pythonText.js';
import { journalTasksCreated } from '../sync/journal.js';
import { checkTaskData, replaceUndefinedKey } from './checkTaskData.js';
import { serializeBaseTask } from './serializeTask.js';
import { parseTaskInput, taskStateColumns } from './taskInput.js';

/** TaskValidator's wording: data problems name the item they assumed to be the task's data. */
const WRAPPED_SUFFIX = ' [assume: item["data"] = task root with values]';

/**
 * The project of `POST /api/tasks/`, as `get_serializer_context` looks it up before validation:
 * a falsy value means "none" (the serializer then says it is required), an id that names no
 * project is Django's 404, and a value that is not an id is DRF's bare 404.
 */
function findRequestedProject(ctx: DomainContext, value: unknown): ProjectRow | null {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return null;
  const id =
    typeof value === 'number' && Number.isInteger(value)
      ? value
      : typeof value === 'string'
        ? Number(parsePythonInt(value) ?? NaN)
        : NaN;
  if (!Number.isSafeInteger(id)) throw new NotFoundError();
  const project = findProjectById(ctx.db, id);
  if (!project) throw new NotFoundError('No Project matches the given query.');
  return project;
}

/**
 * Creates one task in a known project (BaseTaskSerializer + TaskValidator): the data is checked
 * against the project's data types, `$undefined$` is renamed and `inner_id` continues the project's
 * sequence (from 2 in an empty project: Label Studio's Task.save counts from a floor of 1). Returns
 * the 201 body. `overlap` is 1 whatever maximum_annotations says: Label Studio saves a single task
 * with the model's default and recomputes overlaps only after imports and settings changes.
 */
export function createTaskInProject(
  ctx: DomainContext,
  project: ProjectRow,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const input = parseTaskInput(body, { partial: false });
  const dataTypes = JSON.parse(project.data_types) as Record<string, string>;
  const data = input.data;
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    replaceUndefinedKey(data as Record<string, unknown>, dataTypes);
  }
  const problem = checkTaskData(data, dataTypes);
  if (problem !== null) {
    const message = problem.startsWith('Task[data]') ? problem : `${problem}${WRAPPED_SUFFIX}`;
    throw new ValidationError({ non_field_errors: [message] });
  }
  const now = formatTimestamp(ctx.clock());
  const id = ctx.db.transaction(() => {
    const taskId = insertTaskRow(
      ctx.db,
      {
        project: project.id,
        data: JSON.stringify(data),
        meta: JSON.stringify(input.meta === undefined ? {} : input.meta),
        allow_skip: input.allow_skip === undefined ? 1 : input.allow_skip === null ? null : Number(input.allow_skip),
        overlap: 1,
        created_at: now,
        updated_at: now,
      },
      2,
    );
    // A created task has no updater yet (Label Studio leaves updated_by null).
    refreshAndTouchTask(ctx.db, taskId, now, null);
    updateTaskColumns(ctx.db, taskId, taskStateColumns(input));
    journalTasksCreated(ctx.db, project.id, [taskId], now);
    return taskId;
  })();
  return serializeBaseTask(findTaskById(ctx.db, id)!, dataTypes);
}

/**
 * `POST /api/tasks/`: the project comes from the body and is required, else 400
 * `{"project": ["This field is required."]}` (after the field checks, as in DRF's `validate`).
 */
export function createTask(
  ctx: DomainContext,
  _userId: number,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const project = findRequestedProject(ctx, body.project);
  if (!project) {
    // Field errors come first; only a body whose fields pass reaches the project check.
    parseTaskInput(body, { partial: false });
    throw new ValidationError({ project: ['This field is required.'] });
  }
  return createTaskInProject(ctx, project, body);
}

import { z } from 'zod';
import type { TaskColumns } from '../../db/repos/tasksRepo.js';
import { drfBoolean, drfInteger, drfJson } from '../drfFields.js';
import { ValidationError } from '../errors.js';

/**
 * The task's own state a client may write, as Label Studio's task serializer (every model field)
 * lets it on create and PATCH: taken as given and not recounted, until an annotation or
 * prediction of the task changes and the counters are counted again (as there).
 */
const STATE_FIELDS = [
  'is_labeled',
  'overlap',
  'total_annotations',
  'cancelled_annotations',
  'total_predictions',
  'comment_count',
  'unresolved_comment_count',
] as const;

type StateField = (typeof STATE_FIELDS)[number];

/** The task fields a client writes (create and PATCH). Ids and the project are the server's. */
export interface TaskInput extends Partial<Record<Exclude<StateField, 'is_labeled'>, number>> {
  data?: unknown;
  meta?: unknown;
  is_labeled?: boolean;
  allow_skip?: boolean | null;
}

// In the model's field order, which is the order of DRF's errors.
const schema = z.object({
  data: drfJson({ allowNull: false }).optional(),
  meta: drfJson({ allowNull: true }).optional(),
  is_labeled: drfBoolean().optional(),
  allow_skip: drfBoolean({ allowNull: true }).optional(),
  overlap: drfInteger().optional(),
  total_annotations: drfInteger().optional(),
  cancelled_annotations: drfInteger().optional(),
  total_predictions: drfInteger().optional(),
  comment_count: drfInteger().optional(),
  unresolved_comment_count: drfInteger().optional(),
});

/** The state columns a write gives, to store as given. */
export function taskStateColumns(input: TaskInput): Partial<TaskColumns> {
  const columns: Partial<Record<StateField, number>> = {};
  for (const field of STATE_FIELDS) {
    const value = input[field];
    if (value !== undefined) columns[field] = Number(value);
  }
  return columns;
}

/**
 * Field-level validation of a task write, with DRF's `{field: [messages]}` on failure. A missing
 * `data` only counts on create; PATCH changes only the fields it gives.
 */
export function parseTaskInput(body: Record<string, unknown>, options: { partial: boolean }): TaskInput {
  const result = schema.safeParse(body);
  const errors = result.success ? {} : collect(result.error);
  // DRF lists a missing required field first, with the other fields' errors.
  if (!options.partial && !Object.hasOwn(body, 'data')) {
    throw new ValidationError({ data: ['This field is required.'], ...errors });
  }
  if (!result.success) throw new ValidationError(errors);
  // Fields not nullable here are never null (their validators refuse it); the schema types cannot say so.
  return dropUndefined(result.data as TaskInput);
}

function collect(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

function dropUndefined(input: TaskInput): TaskInput {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as TaskInput;
}

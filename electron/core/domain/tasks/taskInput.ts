import { z } from 'zod';
import { drfBoolean, drfJson } from '../drfFields.js';
import { ValidationError } from '../errors.js';

/** The task fields a client writes (create and PATCH). Counters and ids are the server's. */
export interface TaskInput {
  data?: unknown;
  meta?: unknown;
  allow_skip?: boolean | null;
}

const schema = z.object({
  data: drfJson({ allowNull: false }).optional(),
  meta: drfJson({ allowNull: true }).optional(),
  allow_skip: drfBoolean({ allowNull: true }).optional(),
});

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
  return dropUndefined(result.data);
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

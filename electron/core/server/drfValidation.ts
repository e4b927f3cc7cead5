import { z } from 'zod';
import { LONE_SURROGATE } from '../domain/drfFields.js';
import { ValidationError } from '../domain/errors.js';

/** A required DRF CharField: DRF's own messages for missing, null, blank and non-text values. */
export function drfCharField() {
  return (
    z
      .union([z.string(), z.number()], {
        error: (issue) =>
          issue.input === undefined
            ? 'This field is required.'
            : issue.input === null
              ? 'This field may not be null.'
              : 'Not a valid string.',
      })
      .transform(String)
      .refine((value) => value.trim().length > 0, { message: 'This field may not be blank.', abort: true })
      // DRF's CharField validators, after its blank check.
      .refine((value) => !value.includes('\0'), 'Null characters are not allowed.')
      .refine((value) => !LONE_SURROGATE.test(value), {
        error: (issue) => {
          const surrogate = LONE_SURROGATE.exec(String(issue.input))?.[0] ?? '';
          return `Surrogate characters are not allowed: U+${surrogate.charCodeAt(0).toString(16).toUpperCase()}.`;
        },
      })
  );
}

export type FieldErrors = Record<string, string[]>;

/** Checks a request body with a zod schema, giving DRF's `{field: [messages]}` on failure. */
export function checkWith<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): { data: z.output<Schema>; errors?: never } | { errors: FieldErrors } {
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  return { errors };
}

/** Parses a request body with a zod schema; failures become a ValidationError (the LS envelope). */
export function parseWith<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = checkWith(schema, body);
  if (result.errors) throw new ValidationError(result.errors);
  return result.data;
}

import type { Context } from 'hono';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { AppEnv } from './appEnv.js';

/** `<int:pk>` segments: digits only (route patterns ensure it), within the safe integer range. */
export function numericParam(c: Context<AppEnv>, name: string, missing: string): number {
  const id = Number(c.req.param(name));
  if (!Number.isSafeInteger(id)) throw new NotFoundError(missing);
  return id;
}

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'not', 'off', '0']);

/**
 * Label Studio's `bool_from_request`: strings by `cast_bool_from_str`, anything else by
 * `bool(int(value))`. A word it does not know is a 400 on that key.
 */
export function boolParam(value: unknown, key: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const word = String(value).toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new ValidationError({
    [key]: [`Incorrect bool value "${String(value)}". It should be one of [1, 0, true, false, yes, no]`],
  });
}

/** `list_of_strings_from_request`: split on the first of `,` `;` `|` the value contains. */
export function stringListParam(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const separator = [',', ';', '|'].find((candidate) => value.includes(candidate));
  return separator ? value.split(separator) : [value];
}

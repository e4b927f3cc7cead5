import { ValidationError } from '../domain/errors.js';
import { parsePythonInt } from '../domain/pythonText.js';

/*
 * Label Studio's int_from_request and bool_from_request: query values read with Python's int()
 * and cast_bool_from_str, failures reported as a field error under the parameter's name.
 */

export function intFromRequest(key: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const parsed = parsePythonInt(raw);
  if (parsed === null) {
    // Label Studio raises this with a plain string under the key, which DRF passes on unwrapped.
    throw new ValidationError({ [key]: `Incorrect value in key "${key}" = "${raw}". It should be digit string.` });
  }
  return Number(parsed);
}

export function boolFromRequest(key: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  const word = raw.toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(word)) return true;
  if (['false', 'no', 'not', 'off', '0'].includes(word)) return false;
  throw new ValidationError({
    [key]: [`Incorrect bool value "${raw}". It should be one of [1, 0, true, false, yes, no]`],
  });
}

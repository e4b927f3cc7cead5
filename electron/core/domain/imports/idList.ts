import { ValidationError } from '../errors.js';

/** A list of ids from a body or a decoded query value: integers or integer strings only. */
export function readIdList(value: unknown, key: string, message: string): number[] {
  const ids = Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' && /^\s*\d+\s*$/.test(item) ? Number(item) : item))
    : null;
  if (!ids || !ids.every((id): id is number => typeof id === 'number' && Number.isSafeInteger(id))) {
    throw new ValidationError({ [key]: [message] });
  }
  return ids;
}

/** `not value` in Python for a JSON value: null, false, 0, '', [] and {} are falsy. */
export function isFalsyJson(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0;
  return !value;
}

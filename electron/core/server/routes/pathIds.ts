import type { Context } from 'hono';
import { NotFoundError } from '../../domain/errors.js';
import type { AppEnv } from '../appEnv.js';

/**
 * A `<int:pk>` path segment (the route pattern already allows digits only). Digits too large to
 * be an id name nothing: the model's 404.
 */
export function pathId(c: Context<AppEnv>, name: string, missing: string): number {
  const id = Number(c.req.param(name));
  if (!Number.isSafeInteger(id)) throw new NotFoundError(missing);
  return id;
}

export const NO_TASK = 'No Task matches the given query.';
export const NO_PROJECT = 'No Project matches the given query.';
export const NO_ANNOTATION = 'No Annotation matches the given query.';

import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { RESOLUTIONS } from '../../../../shared/api/conflicts.js';
import { ValidationError } from '../../domain/errors.js';
import { countOpenConflicts, getConflict, listConflicts, NO_CONFLICT } from '../../domain/sync/conflicts.js';
import { resolveConflict } from '../../domain/sync/conflictsResolve.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';

const resolveBody = z.object({
  resolution: z.enum(RESOLUTIONS, {
    error: (issue) =>
      issue.input === undefined ? 'This field is required.' : `"${String(issue.input)}" is not a valid choice.`,
  }),
});

/** `?project=` (a local project id) and `?resolved=true|false`, both optional. */
function listFilter(c: Context<AppEnv>): { project?: number; resolved?: boolean } {
  const project = c.req.query('project');
  const resolved = c.req.query('resolved');
  const errors: Record<string, string[]> = {};
  if (project !== undefined && !/^\d+$/.test(project)) errors.project = ['A valid integer is required.'];
  const flag = resolved === undefined ? undefined : { true: true, false: false, 1: true, 0: false }[resolved];
  if (resolved !== undefined && flag === undefined) errors.resolved = ['Must be a valid boolean.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { project: project === undefined ? undefined : Number(project), resolved: flag };
}

/**
 * `/api/outpost/conflicts/`: what a sync could not settle alone (recorded by the pull), shown
 * side by side and resolved by a person (not part of Label Studio's API).
 */
export function outpostConflictsRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/conflicts', {
    get: (c) => c.json(listConflicts(c.get('deps'), listFilter(c))),
  });
  defineRoute(app, '/api/outpost/conflicts/counts', {
    get: (c) => c.json(countOpenConflicts(c.get('deps'))),
  });
  defineRoute(app, '/api/outpost/conflicts/:id{[0-9]+}', {
    get: (c) => c.json(getConflict(c.get('deps'), pathId(c, 'id', NO_CONFLICT))),
  });
  defineRoute(app, '/api/outpost/conflicts/:id{[0-9]+}/resolve', {
    post: async (c) => {
      const id = pathId(c, 'id', NO_CONFLICT);
      const { resolution } = parseWith(resolveBody, await readObjectBody(c));
      return c.json(resolveConflict(c.get('deps'), c.get('userId'), id, resolution));
    },
  });
}

import { z } from 'zod';
import type { Db } from '../../db/open.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { findTaskById } from '../../db/repos/tasksRepo.js';
import { drfChar, drfInteger, drfJson, drfPrimaryKey } from '../drfFields.js';
import { drfFloat } from '../drfFloat.js';

const json = drfJson({ allowNull: true });

const MISSING = Symbol('missing');

/**
 * PredictionSerializer's writable fields (`fields='__all__'`). `task` is required on create and
 * PUT; `project` is whatever the client sends (the viewset does not derive it from the task).
 * `model` and `model_run` name ML objects Outpost does not have, so they are plain nullable ids.
 */
export function predictionWriteSchema(db: Db, options: { partial: boolean }) {
  const pk = drfPrimaryKey((id) => findTaskById(db, id) !== undefined);
  // A required field that is absent gets DRF's "required", which zod cannot tell from null.
  const task = z.unknown().transform((value, ctx) => {
    if (value === MISSING) {
      ctx.issues.push({ code: 'custom', message: 'This field is required.', input: value });
      return z.NEVER;
    }
    const parsed = pk.safeParse(value);
    if (parsed.success) return parsed.data as number;
    for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, input: value });
    return z.NEVER;
  });
  const fields = z.object({
    result: json.optional(),
    score: drfFloat({ allowNull: true }).optional(),
    model_version: drfChar({ allowBlank: true }).optional(),
    cluster: drfInteger({ allowNull: true }).optional(),
    neighbors: json.optional(),
    mislabeling: drfFloat().optional(),
    model: drfInteger({ allowNull: true }).optional(),
    model_run: drfInteger({ allowNull: true }).optional(),
    task: task.optional(),
    project: drfPrimaryKey((id) => findProjectById(db, id) !== undefined, { allowNull: true }).optional(),
  });
  return z.preprocess((body) => {
    const values = { ...(body as Record<string, unknown>) };
    if (!options.partial && !Object.hasOwn(values, 'task')) values.task = MISSING;
    return values;
  }, fields);
}

export type PredictionInput = Partial<z.output<ReturnType<typeof predictionWriteSchema>>>;

import type { Hono } from 'hono';
import type { SampleTaskAnswer } from '../../../../shared/api/predictions.js';
import { z } from 'zod';
import { generateProjectSampleTask } from '../../domain/sampleTasks/generateProjectSampleTask.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody, UnsupportedMediaTypeError } from '../requestBody.js';
import { defineRoute } from '../route.js';

/** Python truthiness, which is what Label Studio's `if not label_config` tests. */
function isPythonFalsy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

const sampleTaskBody = z
  .object({ label_config: z.unknown().optional() })
  .superRefine((body, ctx) => {
    if (isPythonFalsy(body.label_config)) {
      ctx.addIssue({ code: 'custom', message: 'Label config is not set or is empty', path: [] });
    } else if (typeof body.label_config !== 'string') {
      ctx.addIssue({ code: 'custom', message: 'Not a valid string.', path: ['label_config'] });
    }
  })
  .transform((body) => ({ label_config: String(body.label_config) }));

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** `POST /api/projects/{id}/sample-task/`: a sample task for the config being edited (a UI helper). */
export function sampleTaskRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects/:id{[0-9]+}/sample-task', {
    post: async (c) => {
      const body = await readObjectBody(c);
      // The view parses JSON only; a non-empty form or multipart body is DRF's 415.
      if (!isJsonMediaType(c.req.header('content-type')) && Object.keys(body).length > 0) {
        throw new UnsupportedMediaTypeError(c.req.header('content-type')?.split(';')[0]?.trim() ?? '');
      }
      const { label_config } = parseWith(sampleTaskBody, body);
      const sampleTask = generateProjectSampleTask(c.get('deps'), Number(c.req.param('id')), label_config);
      return c.json({ sample_task: sampleTask } satisfies SampleTaskAnswer);
    },
  });
}

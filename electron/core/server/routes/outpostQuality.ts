import type { Hono } from 'hono';
import { z } from 'zod';
import { qualityTableSchema } from '../../../../shared/api/quality.js';
import { getProjectQuality } from '../../domain/quality/getProjectQuality.js';
import { qualityCsv, qualityCsvFileName } from '../../domain/quality/qualityCsv.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { defineRoute } from '../route.js';
import { attachmentHeader } from './export.js';
import { NO_PROJECT, pathId } from './pathIds.js';

const notAChoice = (issue: { input: unknown }) => `"${String(issue.input)}" is not a valid choice.`;

const qualityQuery = z.object({
  format: z.enum(['json', 'csv'], { error: notAChoice }).default('json'),
  table: z.enum(qualityTableSchema.options, { error: notAChoice }).default('tasks'),
});

/**
 * `/api/outpost/projects/{id}/quality?format=json|csv&table=tasks|annotators|pairs` (not part of
 * Label Studio's API): agreement between the project's annotators. JSON gives the whole report;
 * CSV gives one of its tables as a download. Empty parameters count as absent.
 */
export function outpostQualityRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/projects/:id{[0-9]+}/quality', {
    get: (c) => {
      const project = pathId(c, 'id', NO_PROJECT);
      const present = Object.entries(c.req.query()).filter(([, value]) => value !== '');
      const { format, table } = parseWith(qualityQuery, Object.fromEntries(present));
      const quality = getProjectQuality(c.get('deps'), project);
      if (format === 'json') return c.json(quality);
      return c.body(qualityCsv(quality, table), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachmentHeader(qualityCsvFileName(project, table)),
      });
    },
  });
}

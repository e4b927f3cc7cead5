import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { getProjectDashboard, type DashboardRequest } from '../../domain/dashboard/getProjectDashboard.js';
import { isTimeZone, parseDate } from '../../domain/dashboard/zonedCalendar.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, pathId } from './pathIds.js';

/** DRF's DateField message for a value it cannot read. */
const BAD_DATE = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

const date = z
  .string()
  .refine((value) => parseDate(value) !== null, BAD_DATE)
  .optional();

const dashboardQuery = z.object({
  from: date,
  to: date,
  bucket: z
    .enum(['day', 'week'], { error: (issue) => `"${String(issue.input)}" is not a valid choice.` })
    .default('day'),
  timezone: z
    .string()
    .refine(isTimeZone, { error: (issue) => `"${String(issue.input)}" is not a valid time zone.` })
    .default('UTC'),
});

/** The query's parameters; empty ones (`?from=`) count as absent, as an HTML form sends them. */
function readQuery(c: Context<AppEnv>): DashboardRequest {
  const present = Object.entries(c.req.query()).filter(([, value]) => value !== '');
  return parseWith(dashboardQuery, Object.fromEntries(present));
}

/**
 * `/api/outpost/projects/{id}/dashboard?from=&to=&bucket=day|week&timezone=` (not part of Label
 * Studio's API): the project's progress, annotations over time, labels and annotators, for the
 * Dashboard page. Dates are local days in `timezone` (an IANA name, default UTC).
 */
export function outpostDashboardRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/projects/:id{[0-9]+}/dashboard', {
    get: (c) => {
      const project = pathId(c, 'id', NO_PROJECT);
      return c.json(getProjectDashboard(c.get('deps'), project, readQuery(c)));
    },
  });
}

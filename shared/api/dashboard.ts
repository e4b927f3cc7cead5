import { z } from 'zod';

/*
 * The wire shape of `GET /api/outpost/projects/{id}/dashboard`, shared by the server that builds
 * it and the renderer that draws it. Dates are local days (`YYYY-MM-DD`) in the time zone the
 * request names; `totals` is the project now, the rest is about annotations made from `from` to `to`.
 */

export const dashboardBucketSchema = z.enum(['day', 'week']);
export type DashboardBucket = z.infer<typeof dashboardBucketSchema>;

export const dashboardPointSchema = z.strictObject({
  /** The local day, or the Monday that starts the week (which may fall before the range). */
  date: z.string(),
  submitted: z.number(),
  skipped: z.number(),
});
export type DashboardPoint = z.infer<typeof dashboardPointSchema>;

export const dashboardLabelCountSchema = z.strictObject({ label: z.string(), count: z.number() });
export type DashboardLabelCount = z.infer<typeof dashboardLabelCountSchema>;

export const dashboardControlSchema = z.strictObject({
  /** The control's name in the labeling config, as results carry it. */
  from_name: z.string(),
  /** Its tag (`Choices`, `RectangleLabels`, ...), or null for a name the current config no longer has. */
  type: z.string().nullable(),
  /** Most used first; the config's labels not used yet follow with 0, in config order. */
  counts: z.array(dashboardLabelCountSchema),
});
export type DashboardControl = z.infer<typeof dashboardControlSchema>;

export const dashboardAnnotatorSchema = z.strictObject({
  user: z.strictObject({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  submitted: z.number(),
  skipped: z.number(),
});
export type DashboardAnnotator = z.infer<typeof dashboardAnnotatorSchema>;

export const projectDashboardSchema = z.strictObject({
  project: z.number(),
  from: z.string(),
  to: z.string(),
  bucket: dashboardBucketSchema,
  timezone: z.string(),
  /** The project's tasks now, whatever the range: completed + skipped + remaining = tasks. */
  totals: z.strictObject({ tasks: z.number(), completed: z.number(), skipped: z.number(), remaining: z.number() }),
  /** Annotations made in the range. */
  period: z.strictObject({ submitted: z.number(), skipped: z.number() }),
  series: z.array(dashboardPointSchema),
  labels: z.array(dashboardControlSchema),
  annotators: z.array(dashboardAnnotatorSchema),
});
export type ProjectDashboard = z.infer<typeof projectDashboardSchema>;

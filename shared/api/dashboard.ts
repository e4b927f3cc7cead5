/*
 * The wire shape of `GET /api/outpost/projects/{id}/dashboard`, shared by the server that builds
 * it and the renderer that draws it. Dates are local days (`YYYY-MM-DD`) in the time zone the
 * request names; `totals` is the project now, the rest is about annotations made from `from` to `to`.
 */

export type DashboardBucket = 'day' | 'week';

export interface DashboardPoint {
  /** The local day, or the Monday that starts the week (which may fall before the range). */
  date: string;
  submitted: number;
  skipped: number;
}

export interface DashboardLabelCount {
  label: string;
  count: number;
}

export interface DashboardControl {
  /** The control's name in the labeling config, as results carry it. */
  from_name: string;
  /** Its tag (`Choices`, `RectangleLabels`, ...), or null for a name the current config no longer has. */
  type: string | null;
  /** Most used first; the config's labels not used yet follow with 0, in config order. */
  counts: DashboardLabelCount[];
}

export interface DashboardAnnotator {
  user: { id: number; email: string; first_name: string; last_name: string } | null;
  submitted: number;
  skipped: number;
}

export interface ProjectDashboard {
  project: number;
  from: string;
  to: string;
  bucket: DashboardBucket;
  timezone: string;
  /** The project's tasks now, whatever the range: completed + skipped + remaining = tasks. */
  totals: { tasks: number; completed: number; skipped: number; remaining: number };
  /** Annotations made in the range. */
  period: { submitted: number; skipped: number };
  series: DashboardPoint[];
  labels: DashboardControl[];
  annotators: DashboardAnnotator[];
}

import type { ApiClient } from './client';

/*
 * `/api/outpost/projects/{id}/dashboard`: a project's progress. Dates are local days
 * (`YYYY-MM-DD`) in the time zone the request names; `totals` is the project now, the rest is
 * about the annotations made between `from` and `to`.
 */

export type DashboardBucket = 'day' | 'week';

export interface DashboardPoint {
  /** The day, or the Monday starting the week. */
  date: string;
  submitted: number;
  skipped: number;
}

export interface DashboardLabelCount {
  label: string;
  count: number;
}

export interface DashboardControl {
  from_name: string;
  /** The control tag (`Choices`, `RectangleLabels`, ...); null when the config no longer has it. */
  type: string | null;
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
  totals: { tasks: number; completed: number; skipped: number; remaining: number };
  period: { submitted: number; skipped: number };
  series: DashboardPoint[];
  labels: DashboardControl[];
  annotators: DashboardAnnotator[];
}

export interface DashboardQuery {
  /** Absent: from the project's first annotation. */
  from?: string;
  /** Absent: today. */
  to?: string;
  bucket: DashboardBucket;
  timezone: string;
}

export function fetchDashboard(client: ApiClient, projectId: number, query: DashboardQuery, signal?: AbortSignal) {
  return client.get<ProjectDashboard>(`/api/outpost/projects/${projectId}/dashboard`, {
    query: { from: query.from, to: query.to, bucket: query.bucket, timezone: query.timezone },
    signal,
  });
}

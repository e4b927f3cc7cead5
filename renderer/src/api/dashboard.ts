import { projectDashboardSchema, type DashboardBucket } from '../../../shared/api/dashboard';
import type { ApiClient } from './client';

/*
 * `/api/outpost/projects/{id}/dashboard`: a project's progress. Dates are local days
 * (`YYYY-MM-DD`) in the time zone the request names; `totals` is the project now, the rest is
 * about the annotations made between `from` and `to`.
 */

export type {
  DashboardAnnotator,
  DashboardBucket,
  DashboardControl,
  DashboardLabelCount,
  DashboardPoint,
  ProjectDashboard,
} from '../../../shared/api/dashboard';

export interface DashboardQuery {
  /** Absent: from the project's first annotation. */
  from?: string;
  /** Absent: today. */
  to?: string;
  bucket: DashboardBucket;
  timezone: string;
}

export function fetchDashboard(client: ApiClient, projectId: number, query: DashboardQuery, signal?: AbortSignal) {
  return client.get(`/api/outpost/projects/${projectId}/dashboard`, {
    query: { from: query.from, to: query.to, bucket: query.bucket, timezone: query.timezone },
    signal,
    schema: projectDashboardSchema,
  });
}

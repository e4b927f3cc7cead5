import { projectQualitySchema, type QualityTable } from '../../../shared/api/quality';
import type { ApiClient } from './client';

/*
 * `/api/outpost/projects/{id}/quality`: how far a project's annotators agree, computed by the
 * server from the annotations on each request. The CSV tables are plain downloads of the same URL.
 */

export type {
  ProjectQuality,
  QualityAnnotator,
  QualityControl,
  QualityMatrix,
  QualityTable,
  QualityTask,
  QualityUser,
} from '../../../shared/api/quality';

export function qualityPath(projectId: number): string {
  return `/api/outpost/projects/${projectId}/quality`;
}

export function fetchQuality(client: ApiClient, projectId: number, signal?: AbortSignal) {
  return client.get(qualityPath(projectId), { signal, schema: projectQualitySchema });
}

/** The query of one CSV table of the report; the JSON report has no parameters. */
export function qualityCsvQuery(table: QualityTable): Record<string, string> {
  return { format: 'csv', table };
}

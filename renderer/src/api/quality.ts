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

/** One file of the report: a CSV table, or the whole report as JSON. */
export type QualityFile = QualityTable | 'json';

export function qualityFileName(projectId: number, file: QualityFile): string {
  return file === 'json' ? `project-${projectId}-agreement.json` : `project-${projectId}-agreement-${file}.csv`;
}

/** The URL of one file of the report, for a link the browser follows with its session cookie. */
export function qualityFileUrl(client: ApiClient, projectId: number, file: QualityFile): string {
  return client.raw.url(qualityPath(projectId), file === 'json' ? undefined : qualityCsvQuery(file));
}

/**
 * One file of the report fetched through the client, for the desktop app: its token goes in a
 * header, which a plain link cannot send. The JSON report is checked against its schema first.
 */
export async function fetchQualityFile(
  client: ApiClient,
  projectId: number,
  file: QualityFile,
  signal?: AbortSignal,
): Promise<Blob> {
  if (file === 'json') {
    const report = await fetchQuality(client, projectId, signal);
    return new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' });
  }
  const text = await client.get<string>(qualityPath(projectId), { query: qualityCsvQuery(file), signal });
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

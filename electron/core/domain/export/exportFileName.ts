import { createHash } from 'node:crypto';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `now.strftime('%Y-%m-%d-%H-%M')` of Python's naive `datetime.now()`: the local time. */
export function exportTimestamp(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}-${pad(now.getMinutes())}`;
}

/** `project-<id>-at-<YYYY-MM-DD-HH-MM>-<md5[0:8]>`, without the extension. */
export function exportBaseName(projectId: number, now: Date, md5: string): string {
  return `project-${projectId}-at-${exportTimestamp(now)}-${md5.slice(0, 8)}`;
}

/**
 * The md5 in an easy export's name. Label Studio hashes the whole serialized body, which a
 * streamed export only knows at its end, after the headers have gone. Outpost hashes what
 * identifies the export instead (project, format, selection, time to the millisecond), so the
 * name keeps its shape and stays unique.
 */
export function easyExportMd5(projectId: number, exportType: string, selection: unknown, now: Date): string {
  const identity = JSON.stringify([projectId, exportType, selection, now.toISOString()]);
  return createHash('md5').update(identity).digest('hex');
}

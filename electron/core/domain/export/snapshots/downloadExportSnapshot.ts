import type { ExportDomainContext } from '../exportProjectContext.js';
import { convertSnapshot, type SnapshotFile } from './convertSnapshot.js';
import { findSnapshot } from './snapshotQueries.js';

/**
 * `GET .../exports/{pk}/download?exportType=` as 1.22 CE serves it (the async-conversion flag
 * off): the snapshot file, converted on the fly for another type. `null` while the snapshot is
 * not completed, which Label Studio answers with a plain-text 404.
 */
export async function downloadExportSnapshot(
  ctx: ExportDomainContext,
  projectId: number,
  exportId: number,
  exportType: string | undefined,
  signal?: AbortSignal,
): Promise<SnapshotFile | null> {
  const row = findSnapshot(ctx, projectId, exportId);
  if (row.status !== 'completed' || !row.file) return null;
  return convertSnapshot(ctx, row, exportType ?? 'JSON', { signal });
}

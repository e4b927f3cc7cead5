import {
  deleteSnapshotRow,
  type ExportSnapshotRow,
  findSnapshotRow,
  listConvertedFormatRows,
  listSnapshotRows,
} from '../../../db/repos/exportSnapshotsRepo.js';
import type { DomainContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { getProjectRow } from '../../projects/getProject.js';
import type { ExportDomainContext } from '../exportProjectContext.js';
import { serializeSnapshots } from './serializeSnapshot.js';
import { removeSnapshotFile } from './snapshotFiles.js';

/** Label Studio caps the list (flag lsdv_4929, on in 1.22). */
const LIST_LIMIT = 100;

export function findSnapshot(ctx: DomainContext, projectId: number, exportId: number): ExportSnapshotRow {
  getProjectRow(ctx, projectId);
  const row = findSnapshotRow(ctx.db, projectId, exportId);
  if (!row) throw new NotFoundError('No Export matches the given query.');
  return row;
}

/** `GET /api/projects/{id}/exports/`: newest first, at most 100, not paginated. */
export function listExportSnapshots(ctx: DomainContext, projectId: number): Record<string, unknown>[] {
  getProjectRow(ctx, projectId);
  return serializeSnapshots(ctx.db, listSnapshotRows(ctx.db, projectId, LIST_LIMIT));
}

export function getExportSnapshot(ctx: DomainContext, projectId: number, exportId: number): Record<string, unknown> {
  return serializeSnapshots(ctx.db, [findSnapshot(ctx, projectId, exportId)])[0]!;
}

/** `DELETE .../exports/{pk}`: the record, its file and its converted files. */
export function deleteExportSnapshot(ctx: ExportDomainContext, projectId: number, exportId: number): void {
  const row = findSnapshot(ctx, projectId, exportId);
  const converted = listConvertedFormatRows(ctx.db, [row.id]);
  deleteSnapshotRow(ctx.db, row.id);
  removeSnapshotFile(ctx.exportsDir, row.file);
  for (const format of converted) removeSnapshotFile(ctx.exportsDir, format.file);
}

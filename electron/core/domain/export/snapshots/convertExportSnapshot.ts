import { insertConvertedFormatRow, updateConvertedFormatRow } from '../../../db/repos/exportSnapshotsRepo.js';
import { DomainError, ValidationError } from '../../errors.js';
import { getProjectRow } from '../../projects/getProject.js';
import { exportBaseName } from '../exportFileName.js';
import { type ExportDomainContext, exportProjectInfo, writerFor } from '../exportProjectContext.js';
import { convertSnapshot } from './convertSnapshot.js';
import { writeSnapshotFile } from './snapshotFiles.js';
import { findSnapshot } from './snapshotQueries.js';

/**
 * `POST .../exports/{pk}/convert` (docs/export-formats.md#snapshots): checks the type, records the
 * conversion (once per type), and, as CE does without Redis, runs it before answering. A failed
 * conversion is recorded with its traceback; the answer is the same.
 */
export async function convertExportSnapshot(
  ctx: ExportDomainContext,
  projectId: number,
  exportId: number,
  input: { export_type: string; download_resources?: boolean },
): Promise<{ export_type: string; converted_format: number }> {
  const row = findSnapshot(ctx, projectId, exportId);
  const exportType = input.export_type;
  try {
    writerFor(exportType, exportProjectInfo(getProjectRow(ctx, projectId)));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new ValidationError({ export_type: [`${exportType} is not supported export format`] });
  }
  const id = insertConvertedFormatRow(ctx.db, row.id, exportType);
  if (id === null) throw new ValidationError({ non_field_errors: [`Conversion to ${exportType} already started`] });
  updateConvertedFormatRow(ctx.db, id, { status: 'in_progress' });
  try {
    const output = await convertSnapshot(ctx, row, exportType, { downloadResources: input.download_resources });
    const written = await writeSnapshotFile(ctx.exportsDir, projectId, output.body, (md5) => {
      return exportBaseName(projectId, ctx.clock(), md5) + output.extension;
    });
    updateConvertedFormatRow(ctx.db, id, { status: 'completed', file: written.stored });
  } catch (error) {
    const traceback = error instanceof Error ? (error.stack ?? error.message) : String(error);
    updateConvertedFormatRow(ctx.db, id, { status: 'failed', traceback });
  }
  return { export_type: exportType, converted_format: id };
}

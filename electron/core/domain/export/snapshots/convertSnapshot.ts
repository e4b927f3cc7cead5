import { createReadStream } from 'node:fs';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import type { ExportSnapshotRow } from '../../../db/repos/exportSnapshotsRepo.js';
import { getProjectRow } from '../../projects/getProject.js';
import { type ExportDomainContext, exportProjectInfo, writerFor } from '../exportProjectContext.js';
import { type ExportOutput, runExport } from '../pipeline/runExport.js';
import { readSnapshotTasks } from './readSnapshotTasks.js';
import { snapshotFilePath } from './snapshotFiles.js';

export interface SnapshotFile extends ExportOutput {
  fileName: string;
}

/**
 * A completed snapshot's file as is (JSON), or converted to another format as it streams
 * (`convert_file`): the converter runs with `download_resources=false` unless asked otherwise,
 * and its upload dir is its own output dir, so uploads are never found on disk
 * (docs/export-formats.md#snapshots). The download is named after the snapshot's file with the
 * output's extension.
 */
export async function convertSnapshot(
  ctx: ExportDomainContext,
  row: ExportSnapshotRow,
  exportType: string,
  options: { downloadResources?: boolean; signal?: AbortSignal } = {},
): Promise<SnapshotFile> {
  const project = exportProjectInfo(getProjectRow(ctx, row.project));
  if (!row.file) throw new Error('Export is not completed');
  const path = snapshotFilePath(ctx.exportsDir, row.file);
  const stem = basename(row.file, extname(row.file));
  if (exportType === 'JSON') {
    const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    return { extension: '.json', contentType: 'application/json', body, fileName: basename(row.file) };
  }
  const writer = writerFor(exportType, project);
  const output = await runExport({
    writer,
    tasks: (signal) => readSnapshotTasks(path, signal),
    context: { project, downloadResources: options.downloadResources ?? false, resolveMedia: () => null },
    signal: options.signal,
    now: ctx.clock(),
  });
  // The snapshot download names the type without the dot (`application/csv`), unlike the easy export.
  return { ...output, contentType: `application/${output.extension.slice(1)}`, fileName: stem + output.extension };
}

import { EXPORT_TASK_CONDITIONS, type ExportTaskSelection } from '../../db/repos/exportTasksRepo.js';
import { getProjectRow } from '../projects/getProject.js';
import { easyExportMd5, exportBaseName } from './exportFileName.js';
import { mediaResolver } from './exportMedia.js';
import { type ExportDomainContext, exportProjectInfo, writerFor } from './exportProjectContext.js';
import { type ExportOutput, runExport } from './pipeline/runExport.js';
import { readExportTasks, readExportTasksUjson } from './tasks/readExportTasks.js';

export interface EasyExportParams {
  exportType: string;
  /** false: only tasks with at least one annotation of any kind (skipped ones count). */
  downloadAllTasks: boolean;
  downloadResources: boolean;
  /** `ids[]`, or null for every task of the project. */
  ids: number[] | null;
}

export interface EasyExportResult extends ExportOutput {
  /** `project-<id>-at-<time>-<md5[0:8]><ext>`. */
  fileName: string;
}

/**
 * `GET /api/projects/{id}/export` (docs/export-formats.md#easy-export): the selected tasks in one
 * format, streamed. Unknown ids select nothing, so they give an empty export, as a project without
 * tasks does (`[]` for JSON, a header-only CSV, `-DOCSTART-` alone for CoNLL).
 */
export async function exportProject(
  ctx: ExportDomainContext,
  projectId: number,
  params: EasyExportParams,
  signal?: AbortSignal,
): Promise<EasyExportResult> {
  // 1. The project and the writer; a bad format is refused before anything is read.
  const project = exportProjectInfo(getProjectRow(ctx, projectId));
  const writer = writerFor(params.exportType, project);

  // 2. The selection: the easy export's fixed serializer (ids for predictions, drafts expanded).
  const selection: ExportTaskSelection = {
    project: projectId,
    ids: params.ids,
    conditions: params.downloadAllTasks ? [] : [EXPORT_TASK_CONDITIONS.hasAnnotations],
  };
  const now = ctx.clock();
  const serialization = {
    completedBy: 'id',
    drafts: 'object',
    predictions: 'id',
    keepAnnotation: null,
    dataTypes: project.data_types,
    now,
  } as const;

  // 3. Stream it.
  const output = await runExport({
    writer,
    tasks: (taskSignal) => readExportTasks(ctx.db, selection, serialization, taskSignal),
    ujsonTasks: (taskSignal) => readExportTasksUjson(ctx.db, selection, serialization, taskSignal),
    context: { project, downloadResources: params.downloadResources, resolveMedia: mediaResolver(ctx, projectId) },
    signal,
    now,
  });
  const md5 = easyExportMd5(projectId, params.exportType, [params.ids, params.downloadAllTasks], now);
  return { ...output, fileName: exportBaseName(projectId, now, md5) + output.extension };
}

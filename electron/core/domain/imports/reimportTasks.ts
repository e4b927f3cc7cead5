import type { ReimportAnswer } from '../../../../shared/api/imports.js';
import { listFileUploadRows } from '../../db/repos/fileUploadsRepo.js';
import { deleteTasksOfFileUploads } from '../../db/repos/importRepo.js';
import { getProjectRow } from '../projects/getProject.js';
import { isFalsyJson, readIdList } from './idList.js';
import type { ImportContext } from './importContext.js';
import { loadUploadedFiles } from './loadUploadedFiles.js';
import { uploadPath } from './storeUpload.js';
import { writeItems } from './writeItems.js';

export interface ReimportInput {
  /** As sent: a falsy value means none; anything else must be a list of ids. */
  fileUploadIds: unknown;
  filesAsTasksList: boolean;
}

export type ReimportResponse = ReimportAnswer;

/**
 * `POST /api/projects/{id}/reimport` (docs/label-studio-compatibility.md#reimport-and-uploads):
 * reads the project's uploads again (each CSV/TXT as one task when `files_as_tasks_list` is false),
 * and in one transaction deletes the tasks those uploads created before and writes the new ones. No
 * ids: 200 with zero counts.
 */
export function reimportTasks(
  ctx: ImportContext,
  userId: number,
  projectId: number,
  input: ReimportInput,
): { status: 200 | 201; body: ReimportResponse } {
  const started = performance.now();
  const project = getProjectRow(ctx, projectId);
  if (isFalsyJson(input.fileUploadIds)) {
    return {
      status: 200,
      body: {
        task_count: 0,
        annotation_count: 0,
        prediction_count: 0,
        duration: 0,
        file_upload_ids: [],
        found_formats: {},
        data_columns: [],
      },
    };
  }
  const ids = readIdList(input.fileUploadIds, 'file_upload_ids', 'Expected a list of integers.');
  const dataTypes = JSON.parse(project.data_types) as Record<string, string>;
  const outcome = ctx.db.transaction(() => {
    // Uploads of other projects, or unknown ids, are left out as Label Studio's queryset does.
    const uploads = listFileUploadRows(ctx.db, { project: project.id, user: null, ids }).map((row) => ({
      id: row.id,
      file: row.file,
      path: uploadPath(ctx.uploadsDir, row.file),
    }));
    const loaded = loadUploadedFiles(uploads, dataTypes, input.filesAsTasksList);
    deleteTasksOfFileUploads(ctx.db, project.id, ids);
    return { loaded, written: writeItems(ctx, project, userId, loaded.items, { preannotatedFields: null }) };
  })();
  return {
    status: 201,
    body: {
      task_count: outcome.written.taskIds.length,
      annotation_count: outcome.written.annotationCount,
      prediction_count: outcome.written.predictionCount,
      duration: (performance.now() - started) / 1000,
      file_upload_ids: ids,
      found_formats: outcome.loaded.foundFormats,
      data_columns: outcome.loaded.dataColumns,
    },
  };
}

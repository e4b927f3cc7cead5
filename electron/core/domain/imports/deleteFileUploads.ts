import { deleteFileUploadRows } from '../../db/repos/fileUploadsRepo.js';
import type { DomainContext } from '../context.js';
import { getProjectRow } from '../projects/getProject.js';
import { readIdList } from './idList.js';

/**
 * `DELETE /api/projects/{id}/file-uploads`: the given uploads of the project, or all
 * of them when `file_upload_ids` is absent or null. Their tasks stay and lose the link; the files stay on disk,
 * since tasks may still show them (Django's FileField never deletes files either).
 */
export function deleteFileUploads(ctx: DomainContext, projectId: number, requested: unknown): { deleted: number } {
  const project = getProjectRow(ctx, projectId);
  const ids =
    requested === undefined || requested === null
      ? null
      : readIdList(requested, 'file_upload_ids', '"file_upload_ids" parameter must be a list of integers');
  const deleted = ctx.db.transaction(() => deleteFileUploadRows(ctx.db, project.id, ids))();
  return { deleted };
}

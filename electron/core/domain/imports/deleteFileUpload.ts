import { deleteFileUploadRow } from '../../db/repos/fileUploadsRepo.js';
import type { DomainContext } from '../context.js';
import { fileUploadNotFound } from './listFileUploads.js';

/** `DELETE /api/import/file-upload/{id}`: the row only (see deleteFileUploads on files and tasks). */
export function deleteFileUpload(ctx: DomainContext, id: number): void {
  const deleted = ctx.db.transaction(() => deleteFileUploadRow(ctx.db, id))();
  if (!deleted) throw fileUploadNotFound();
}

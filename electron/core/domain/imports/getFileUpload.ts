import { findFileUploadById } from '../../db/repos/fileUploadsRepo.js';
import type { DomainContext } from '../context.js';
import { fileUploadNotFound, serializeFileUpload, type FileUploadWire } from './listFileUploads.js';

/** `GET /api/import/file-upload/{id}`. */
export function getFileUpload(ctx: DomainContext, id: number): FileUploadWire {
  const row = findFileUploadById(ctx.db, id);
  if (!row) throw fileUploadNotFound();
  return serializeFileUpload(row);
}

import { statSync } from 'node:fs';
import { findFileUploadById, updateFileUploadFile } from '../../db/repos/fileUploadsRepo.js';
import { ValidationError } from '../errors.js';
import { fileUploadNotFound, serializeFileUpload, type FileUploadWire } from './listFileUploads.js';
import type { ImportContext } from './importContext.js';
import type { ReceivedUpload } from './importTasks.js';
import { newStoredName, placeUpload, removeFiles } from './storeUpload.js';

/**
 * `PATCH /api/import/file-upload/{id}`: a multipart `file` replaces the upload's content under a
 * new stored name (the old file stays for tasks that show it); without one nothing changes. A
 * `file` that is not a file gets DRF's FileField message.
 */
export function updateFileUpload(
  ctx: ImportContext,
  id: number,
  input: { file: ReceivedUpload | null; fileIsNotAFile: boolean },
): FileUploadWire {
  try {
    const row = findFileUploadById(ctx.db, id);
    if (!row) throw fileUploadNotFound();
    if (input.fileIsNotAFile) {
      throw new ValidationError({ file: ['The submitted data was not a file. Check the encoding type on the form.'] });
    }
    if (!input.file) return serializeFileUpload(row);
    const stored = newStoredName(ctx.uploadsDir, row.project, input.file.name);
    const path = placeUpload(ctx.uploadsDir, input.file.tempPath, stored);
    ctx.db.transaction(() => updateFileUploadFile(ctx.db, id, stored, statSync(path).size))();
    return serializeFileUpload(findFileUploadById(ctx.db, id)!);
  } finally {
    if (input.file) removeFiles([input.file.tempPath]);
  }
}

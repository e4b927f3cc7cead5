import { existsSync, statSync } from 'node:fs';
import { findFileUploadByFile } from '../../db/repos/fileUploadsRepo.js';
import type { ImportContext } from './importContext.js';
import { uploadPath } from './storeUpload.js';

/**
 * The file behind `/data/upload/<project>/<name>`: only names recorded as uploads are served, so
 * nothing else in the data folder can be reached through this URL (and `..` never matches).
 */
export function findUploadedFile(
  ctx: ImportContext,
  project: string,
  name: string,
): { path: string; size: number } | null {
  const row = findFileUploadByFile(ctx.db, `upload/${project}/${name}`);
  if (!row) return null;
  const path = uploadPath(ctx.uploadsDir, row.file);
  if (!existsSync(path)) return null;
  const stats = statSync(path);
  return stats.isFile() ? { path, size: stats.size } : null;
}

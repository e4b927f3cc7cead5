import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/open.js';
import { findFileUploadByFile } from '../../db/repos/fileUploadsRepo.js';

/**
 * Startup housekeeping for the uploads folder: half-received files in `.incoming/` and files whose
 * import never committed (the process died mid-import, after the file was placed but before the
 * transaction landed) are removed. Files a FileUpload row names are never touched.
 */
export function sweepUploads(db: Db, uploadsDir: string): { removed: number } {
  if (!existsSync(uploadsDir)) return { removed: 0 };
  let removed = 0;
  rmSync(join(uploadsDir, '.incoming'), { recursive: true, force: true });
  for (const project of readdirSync(uploadsDir, { withFileTypes: true })) {
    if (!project.isDirectory() || !/^\d+$/.test(project.name)) continue;
    for (const file of readdirSync(join(uploadsDir, project.name), { withFileTypes: true })) {
      if (!file.isFile() || findFileUploadByFile(db, `upload/${project.name}/${file.name}`)) continue;
      rmSync(join(uploadsDir, project.name, file.name), { force: true });
      removed += 1;
    }
  }
  return { removed };
}

/** A deleted project's media go with it (its FileUpload rows are already gone by cascade). */
export function removeProjectUploads(uploadsDir: string, projectId: number): void {
  rmSync(join(uploadsDir, String(projectId)), { recursive: true, force: true });
}

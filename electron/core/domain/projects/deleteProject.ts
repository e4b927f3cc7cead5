import { deleteProjectRow } from '../../db/repos/projectsRepo.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { removeProjectExports } from '../export/snapshots/snapshotFiles.js';
import { removeProjectUploads } from '../imports/sweepUploads.js';

/** `DELETE /api/projects/{id}/`: the project with its tasks, annotations, predictions, drafts, uploads and exports. */
export function deleteProject(
  ctx: DomainContext & { uploadsDir: string; exportsDir: string },
  projectId: number,
): void {
  const deleted = ctx.db.transaction(() => deleteProjectRow(ctx.db, projectId))();
  if (!deleted) throw new NotFoundError('No Project matches the given query.');
  removeProjectUploads(ctx.uploadsDir, projectId);
  removeProjectExports(ctx.exportsDir, projectId);
}

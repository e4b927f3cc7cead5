import type { FileUpload } from '../../../../shared/api/imports.js';
import { listFileUploadRows, type FileUploadRow } from '../../db/repos/fileUploadsRepo.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { getProjectRow } from '../projects/getProject.js';

/** FileUploadSerializer. */
export type FileUploadWire = FileUpload;

export function serializeFileUpload(row: FileUploadRow): FileUploadWire {
  return { id: row.id, file: row.file, size: row.size };
}

/**
 * `GET /api/projects/{id}/file-uploads`: the caller's uploads of the project with the
 * given ids, or all of them with `all` or for a draft project (the UI's two-step import).
 */
export function listFileUploads(
  ctx: DomainContext,
  userId: number,
  projectId: number,
  query: { all: boolean; ids: number[] },
): FileUploadWire[] {
  const project = getProjectRow(ctx, projectId);
  const everything = query.all || project.is_draft === 1;
  return listFileUploadRows(ctx.db, { project: project.id, user: userId, ids: everything ? null : query.ids }).map(
    serializeFileUpload,
  );
}

export function fileUploadNotFound(): NotFoundError {
  return new NotFoundError('No FileUpload matches the given query.');
}

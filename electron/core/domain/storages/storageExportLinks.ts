import {
  deleteExportLink,
  listExportLinksOfAnnotation,
  listProjectAnnotationIds,
  listStorageRows,
  upsertExportLink,
  type StorageRow,
} from '../../db/repos/storagesRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';

/* Which annotations each export storage holds, and which storages an annotation's changes reach. */

export function recordExported(ctx: DomainContext, storage: number, annotation: number): void {
  upsertExportLink(ctx.db, storage, annotation, formatTimestamp(ctx.clock()));
}

export function forgetExported(ctx: DomainContext, storage: number, annotation: number): void {
  deleteExportLink(ctx.db, storage, annotation);
}

export function exportStoragesOfProject(ctx: DomainContext, project: number): StorageRow[] {
  return listStorageRows(ctx.db, { project, direction: 'export', type: null });
}

/** The export storages that hold an object for this annotation. */
export function storagesHoldingAnnotation(ctx: DomainContext, annotation: number): number[] {
  return listExportLinksOfAnnotation(ctx.db, annotation);
}

export function pageOfProjectAnnotations(
  ctx: DomainContext,
  project: number,
  afterId: number,
  limit: number,
): number[] {
  return listProjectAnnotationIds(ctx.db, project, afterId, limit);
}

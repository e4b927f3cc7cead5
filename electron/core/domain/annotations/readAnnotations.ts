import { listAnnotationsOfTasks } from '../../db/repos/annotationsRepo.js';
import type { DomainContext } from '../context.js';
import { getAnnotationRow, getTaskRow } from './annotationLookup.js';
import { serializeAnnotation } from './serializeAnnotations.js';

/** `GET /api/annotations/{id}/`. */
export function getAnnotation(ctx: DomainContext, annotationId: number): Record<string, unknown> {
  const row = getAnnotationRow(ctx, annotationId);
  return serializeAnnotation(ctx.db, row, { completedBy: 'id', includeCancelled: true, now: ctx.clock() });
}

/** `GET /api/tasks/{id}/annotations/`: a bare array by id, without skipped annotations (as in Label Studio). */
export function listTaskAnnotations(ctx: DomainContext, taskId: number): Record<string, unknown>[] {
  const task = getTaskRow(ctx, taskId);
  const now = ctx.clock();
  return listAnnotationsOfTasks(ctx.db, [task.id], false).map((row) =>
    serializeAnnotation(ctx.db, row, { completedBy: 'id', includeCancelled: false, now }),
  );
}

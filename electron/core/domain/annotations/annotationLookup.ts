import { findAnnotationById, type AnnotationRow } from '../../db/repos/annotationsRepo.js';
import { findTaskById, type TaskRow } from '../../db/repos/tasksRepo.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';

/** Django's get_object_or_404 wording for tasks, shared by every task-scoped endpoint. */
export function getTaskRow(ctx: DomainContext, taskId: number): TaskRow {
  const task = findTaskById(ctx.db, taskId);
  if (!task) throw new NotFoundError('No Task matches the given query.');
  return task;
}

export function getAnnotationRow(ctx: DomainContext, annotationId: number): AnnotationRow {
  const annotation = findAnnotationById(ctx.db, annotationId);
  if (!annotation) throw new NotFoundError('No Annotation matches the given query.');
  return annotation;
}

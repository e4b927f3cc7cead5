import { findProjectById, type ProjectRow } from '../../db/repos/projectsRepo.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { Fieldset } from '../flexFields.js';
import { presentProjects, type ProjectWire } from './serializeProject.js';

export function getProjectRow(ctx: DomainContext, projectId: number): ProjectRow {
  const row = findProjectById(ctx.db, projectId);
  if (!row) throw new NotFoundError('No Project matches the given query.');
  return row;
}

/** `GET /api/projects/{id}/` with the counters its fieldset shows. */
export function getProject(ctx: DomainContext, userId: number, projectId: number, fieldset: Fieldset): ProjectWire {
  const [project] = presentProjects(ctx, [getProjectRow(ctx, projectId)], { userId, fieldset, withCounters: true });
  return project!;
}

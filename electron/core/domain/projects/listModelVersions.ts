import { countModelVersions } from '../../db/repos/predictionsRepo.js';
import type { DomainContext } from '../context.js';
import { getProjectRow } from './getProject.js';

export interface ModelVersionsQuery {
  extended: boolean;
  limit: number | null;
}

/**
 * `GET /api/projects/{id}/model-versions/` (Project.get_model_versions): `{version: count}` for the
 * project's predictions, most recent first, plus the project's own model_version at 0 when no
 * prediction has it; `extended` lists `{model_version, count, latest}` instead, with no live
 * models (Outpost has no ML backends).
 */
export function listModelVersions(ctx: DomainContext, projectId: number, query: ModelVersionsQuery): unknown {
  const project = getProjectRow(ctx, projectId);
  const versions = countModelVersions(ctx.db, project.id);
  if (query.extended) return { static: versions, live: null };
  const shown = query.limit ? versions.slice(0, query.limit) : versions;
  const counts: Record<string, number> = {};
  for (const version of shown) counts[version.model_version] = version.count;
  const hasRoom = !query.limit || shown.length < query.limit;
  if (project.model_version && !(project.model_version in counts) && hasRoom) counts[project.model_version] = 0;
  return counts;
}

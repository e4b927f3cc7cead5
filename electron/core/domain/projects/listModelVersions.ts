import type { ModelVersionCounts } from '../../../../shared/api/predictions.js';
import { hasMlBackendTitled, listMlBackendsOfProject } from '../../db/repos/mlBackendsRepo.js';
import { countModelVersions, deleteProjectPredictions } from '../../db/repos/predictionsRepo.js';
import { updateProjectColumns } from '../../db/repos/projectsRepo.js';
import { refreshTaskCounters } from '../../db/repos/taskCountersRepo.js';
import { ValidationError } from '../errors.js';
import { serializeMlBackend } from '../ml/serializeMlBackend.js';
import type { DomainContext } from '../context.js';
import { getProjectRow } from './getProject.js';
import { nullRecord } from '../nullRecord.js';

export interface ModelVersionsQuery {
  extended: boolean;
  limit: number | null;
  /** With `extended`: the project's ML backends as `live`, in MLBackendSerializer's shape. */
  includeLiveModels: boolean;
}

/**
 * `GET /api/projects/{id}/model-versions/` (Project.get_model_versions): `{version: count}` for the
 * project's predictions, most recent first, plus the project's own model_version at 0 when no
 * prediction has it; `extended` lists `{model_version, count, latest}` instead, and the ML
 * backends as `live` when asked (null otherwise).
 */
export function listModelVersions(ctx: DomainContext, projectId: number, query: ModelVersionsQuery): unknown {
  const project = getProjectRow(ctx, projectId);
  const versions = countModelVersions(ctx.db, project.id);
  if (query.extended) {
    const live = query.includeLiveModels ? listMlBackendsOfProject(ctx.db, project.id).map(serializeMlBackend) : null;
    return { static: versions, live };
  }
  const shown = query.limit ? versions.slice(0, query.limit) : versions;
  const counts: ModelVersionCounts = nullRecord<number>();
  for (const version of shown) counts[version.model_version] = version.count;
  const hasRoom = !query.limit || shown.length < query.limit;
  if (project.model_version && !(project.model_version in counts) && hasRoom) counts[project.model_version] = 0;
  return counts;
}

/**
 * `DELETE /api/projects/{id}/model-versions/` (Project.delete_predictions): the project's
 * predictions of that version go, and its tasks' counters follow. As in Label Studio, the
 * project's own model version is cleared (null) when it was this version, or when it names a
 * live model (whatever version is deleted).
 */
export function deleteModelVersion(
  ctx: DomainContext,
  projectId: number,
  modelVersion: unknown,
): { deleted_predictions: number } {
  const project = getProjectRow(ctx, projectId);
  if (typeof modelVersion !== 'string' || modelVersion === '') {
    throw new ValidationError({ non_field_errors: ['model_version param is required'] });
  }
  return ctx.db.transaction(() => {
    const own = project.model_version;
    if (own === modelVersion || (own && hasMlBackendTitled(ctx.db, project.id, own))) {
      updateProjectColumns(ctx.db, project.id, { model_version: null });
    }
    const { count, tasks } = deleteProjectPredictions(ctx.db, project.id, modelVersion);
    for (const task of tasks) refreshTaskCounters(ctx.db, task);
    return { deleted_predictions: count };
  })();
}

import {
  deleteMlBackendRow,
  findMlBackend,
  insertMlBackendRow,
  listMlBackendsOfProject,
  updateMlBackendRow,
  type MlBackendChanges,
  type MlBackendColumns,
  type MlBackendRow,
} from '../../db/repos/mlBackendsRepo.js';
import { findProjectById, updateProjectColumns } from '../../db/repos/projectsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';

/*
 * The ML backend rows and the project settings that follow them (Label Studio's MLBackend.save,
 * its pre_delete signal and MLBackendListAPI.perform_create). Talking to the model server is the
 * ml layer's job; these only record what it learned.
 */

export const NO_ML_BACKEND = 'No MLBackend matches the given query.';
const NO_PROJECT = 'No Project matches the given query.';

export function requireMlBackend(ctx: DomainContext, id: number): MlBackendRow {
  const row = findMlBackend(ctx.db, id);
  if (!row) throw new NotFoundError(NO_ML_BACKEND);
  return row;
}

/** `GET /api/ml?project=`: a project is required (an unknown or missing one is a 404). */
export function listMlBackends(
  ctx: DomainContext,
  project: number | null,
  isInteractive: boolean | null,
): MlBackendRow[] {
  if (project === null || !findProjectById(ctx.db, project)) throw new NotFoundError(NO_PROJECT);
  return listMlBackendsOfProject(ctx.db, project, isInteractive);
}

export type NewMlBackend = Omit<MlBackendColumns, 'created_at' | 'updated_at'>;

/**
 * Saves a new backend. A project that shows predictions and has no model version chosen gets this
 * backend's title as its model version, as Label Studio does when a model is added.
 */
export function insertMlBackend(ctx: DomainContext, values: NewMlBackend): MlBackendRow {
  const now = formatTimestamp(ctx.clock());
  const id = ctx.db.transaction(() => {
    const backendId = insertMlBackendRow(ctx.db, { ...values, created_at: now, updated_at: now });
    const project = findProjectById(ctx.db, values.project);
    if (project && project.show_collab_predictions !== 0 && !project.model_version) {
      updateProjectColumns(ctx.db, project.id, { model_version: values.title });
    }
    return backendId;
  })();
  return findMlBackend(ctx.db, id)!;
}

/**
 * Changes a backend's columns (its `updated_at` moves). A new title carries the project's model
 * version along when the project had chosen the old title (MLBackend.save).
 */
export function changeMlBackend(ctx: DomainContext, id: number, changes: MlBackendChanges): MlBackendRow {
  const now = formatTimestamp(ctx.clock());
  ctx.db.transaction(() => {
    const before = requireMlBackend(ctx, id);
    updateMlBackendRow(ctx.db, id, { ...changes, updated_at: now });
    const project = findProjectById(ctx.db, before.project);
    if (changes.title !== undefined && changes.title !== before.title && project?.model_version === before.title) {
      updateProjectColumns(ctx.db, before.project, { model_version: changes.title });
    }
  })();
  return findMlBackend(ctx.db, id)!;
}

/** Deletes a backend; a project whose model version was its title goes back to none. */
export function deleteMlBackend(ctx: DomainContext, id: number): MlBackendRow {
  return ctx.db.transaction(() => {
    const row = requireMlBackend(ctx, id);
    const project = findProjectById(ctx.db, row.project);
    if (project && project.model_version === row.title) {
      updateProjectColumns(ctx.db, row.project, { model_version: '' });
    }
    deleteMlBackendRow(ctx.db, id);
    return row;
  })();
}

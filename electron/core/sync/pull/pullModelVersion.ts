import { findProjectById } from '../../db/repos/projectsRepo.js';
import { findMirrorProject, updateMirrorProject } from '../../db/repos/syncMirrorRepo.js';
import { ValidationError } from '../../domain/errors.js';
import { ALL_FIELDS } from '../../domain/flexFields.js';
import { updateProject } from '../../domain/projects/updateProject.js';
import type { PullRun } from './pullRun.js';

/*
 * Pull step 5a: the project's `model_version`, the version whose predictions annotators are
 * shown. Here it may name a model of this machine (the built-in model, or another ML backend
 * connected here, by its title), which the remote knows nothing about, so the remote's value is
 * not simply copied each time. The rule, with `base` = the remote's value the last complete pull
 * saw (remote_projects.remote_model_version):
 *
 * - remote = base: it did not change there since the last pull, so the local value stays,
 *   whatever was chosen here;
 * - otherwise it changed there (or this is the first pull) and the local value follows it, with
 *   one exception: a database upgraded from before this rule has no base, and a non-empty local
 *   value there is a choice made here, which stays;
 * - a remote value that names nothing here (a model of the remote's own with no predictions
 *   pulled) cannot be set locally (the project's validation refuses it): the local value stays.
 *
 * Either way the base moves to the remote's value, so that change is followed once, not again
 * on every pull. It runs after the tasks are in, so a version of pulled predictions is valid.
 * Nothing is ever written to the remote's settings, in this step or any other.
 */

export type ModelVersionAction = 'keep' | 'follow_remote';

/** The rule above, without I/O. */
export function decideModelVersion(base: string | null, remote: string, local: string): ModelVersionAction {
  if (remote === base || remote === local) return 'keep';
  if (base === null && local !== '') return 'keep';
  return 'follow_remote';
}

/** Applies the rule inside the caller's transaction; returns whether the local value changed. */
export function pullModelVersion(run: PullRun, remoteModelVersion: string): boolean {
  const { ctx, projectId } = run;
  const mirror = findMirrorProject(ctx.db, projectId);
  const project = findProjectById(ctx.db, projectId);
  if (!mirror || !project) return false;
  let changed = false;
  if (
    decideModelVersion(mirror.remote_model_version, remoteModelVersion, project.model_version ?? '') === 'follow_remote'
  ) {
    try {
      updateProject(ctx, ctx.localUserId, projectId, { model_version: remoteModelVersion }, ALL_FIELDS);
      changed = true;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
    }
  }
  if (mirror.remote_model_version !== remoteModelVersion) {
    updateMirrorProject(ctx.db, projectId, { remote_model_version: remoteModelVersion });
  }
  return changed;
}

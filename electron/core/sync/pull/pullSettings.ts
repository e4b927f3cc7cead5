import { findProjectById, type ProjectRow } from '../../db/repos/projectsRepo.js';
import { findMirrorProjectByRemote, insertMirrorProject } from '../../db/repos/syncMirrorRepo.js';
import { ValidationError } from '../../domain/errors.js';
import { ALL_FIELDS } from '../../domain/flexFields.js';
import { createProject } from '../../domain/projects/createProject.js';
import { projectWriteSchema, type ProjectInput } from '../../domain/projects/projectFields.js';
import { updateProject } from '../../domain/projects/updateProject.js';
import { formatTimestamp } from '../../domain/clock.js';
import { setProjectCreation } from '../../db/repos/syncExtrasRepo.js';
import { withRetry } from '../retry.js';
import { createAuthorMap } from './mirrorAuthors.js';
import type { SyncContext } from '../syncTypes.js';

/*
 * Pull step 1: the project's settings. Label Studio serializes no project `updated_at`, so every
 * pull re-fetches the project and writes only the settings that differ from the local mirror.
 * The writes go through the domain's createProject/updateProject, so the local validation and
 * derived columns (parsed config, data types, control weights, task overlap) hold.
 */

/**
 * The settings mirrored. Left out on purpose: `model_version` (it may name a model of this
 * machine, and must name a known version, which may not be pulled yet: pullModelVersion.ts
 * follows the remote's only when it changed there, after the tasks), the data-login credentials,
 * `pinned_at` (a local preference), and control weights (derived from the config). These are
 * read from the remote, never written to it: the push does not touch a project's settings or
 * its ML backends.
 */
const MIRRORED_SETTINGS = [
  'title',
  'description',
  'label_config',
  'expert_instruction',
  'show_instruction',
  'show_skip_button',
  'enable_empty_annotation',
  'show_annotation_history',
  'color',
  'maximum_annotations',
  'is_published',
  'is_draft',
  'min_annotations_to_start_training',
  'show_collab_predictions',
  'sampling',
  'show_ground_truth_first',
  'show_overlap_first',
  'overlap_cohort_percentage',
  'evaluate_predictions_automatically',
  'skip_queue',
  'reveal_preannotations_interactively',
] as const satisfies readonly (keyof ProjectInput & keyof ProjectRow)[];

export interface PulledSettings {
  projectId: number;
  /** The remote's clock when it answered (its Date header), or null if it sent none. */
  serverTime: Date | null;
  /** A project was created or at least one setting changed. */
  changed: boolean;
  /** The remote project's `model_version` ('' when it has none), for pullModelVersion. */
  remoteModelVersion: string;
  /** The remote project's live task count (`task_number`), or null when it gave none. */
  remoteTaskCount: number | null;
}

/** The remote's settings, validated and normalized as a local create would take them. */
function remoteInput(remote: Record<string, unknown>): ProjectInput {
  const picked = Object.fromEntries(MIRRORED_SETTINGS.filter((key) => key in remote).map((key) => [key, remote[key]]));
  const parsed = projectWriteSchema({ htmlInput: false, partial: true }).safeParse(picked);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ValidationError({
      non_field_errors: [`The remote project's settings are not valid here: ${messages.join('; ')}`],
    });
  }
  return parsed.data;
}

/** The settings whose normalized remote value differs from the local row (booleans are 0/1 there). */
function changedSettings(input: ProjectInput, local: ProjectRow): ProjectInput {
  const changed: Record<string, unknown> = {};
  for (const key of MIRRORED_SETTINGS) {
    const value = input[key];
    if (value === undefined) continue;
    const localValue = local[key];
    const comparable = typeof value === 'boolean' ? Number(value) : value;
    if (comparable !== localValue) changed[key] = value;
  }
  return changed as ProjectInput;
}

/**
 * The project was made when and by whom the server says, not by this pull: its created_at, and
 * its creator (the local user for the token's own account, else the stand-in of that person).
 */
function keepRemoteCreation(ctx: SyncContext, projectId: number, remote: Record<string, unknown>): void {
  const creator = remote.created_by as {
    id?: unknown;
    email?: unknown;
    first_name?: unknown;
    last_name?: unknown;
  } | null;
  let createdBy: number | null = null;
  if (creator && typeof creator.id === 'number') {
    const identity = {
      id: creator.id,
      email: typeof creator.email === 'string' ? creator.email : '',
      first_name: typeof creator.first_name === 'string' ? creator.first_name : '',
      last_name: typeof creator.last_name === 'string' ? creator.last_name : '',
    };
    createdBy = createAuthorMap(ctx).author(creator.id, identity, formatTimestamp(ctx.clock()));
  }
  const createdAt = typeof remote.created_at === 'string' ? remote.created_at : null;
  setProjectCreation(ctx.db, projectId, { created_at: createdAt, created_by: createdBy });
}

export async function pullSettings(ctx: SyncContext, remoteProjectId: number): Promise<PulledSettings> {
  const response = await withRetry(
    () => ctx.client.requestRaw('GET', `/api/projects/${remoteProjectId}/`, { signal: ctx.signal }),
    { signal: ctx.signal },
  );
  const dateHeader = response.headers.get('Date');
  const parsedDate = dateHeader ? Date.parse(dateHeader) : NaN;
  const serverTime = Number.isNaN(parsedDate) ? null : new Date(parsedDate);
  const remote = (await response.json()) as Record<string, unknown>;
  const input = remoteInput(remote);
  const remoteModelVersion = typeof remote.model_version === 'string' ? remote.model_version : '';
  const remoteTaskCount = typeof remote.task_number === 'number' ? remote.task_number : null;

  const mirror = findMirrorProjectByRemote(ctx.db, ctx.remoteId, remoteProjectId);
  if (!mirror) {
    // The project and its mapping commit together (createProject's transaction nests as a
    // savepoint), so a crash never leaves a local project the next pull would not recognize.
    const projectId = ctx.db.transaction(() => {
      const created = createProject(ctx, ctx.localUserId, input, ALL_FIELDS);
      const id = created.id as number;
      insertMirrorProject(ctx.db, { project: id, remote: ctx.remoteId, remote_project_id: remoteProjectId });
      keepRemoteCreation(ctx, id, remote);
      return id;
    })();
    return { projectId, serverTime, changed: true, remoteModelVersion, remoteTaskCount };
  }
  const local = findProjectById(ctx.db, mirror.project);
  if (!local) throw new Error(`the mirror of remote project ${remoteProjectId} has no local project`);
  const changes = changedSettings(input, local);
  if (Object.keys(changes).length === 0) {
    return { projectId: mirror.project, serverTime, changed: false, remoteModelVersion, remoteTaskCount };
  }
  // Hiding predictions would also clear the model version (ProjectSerializer.update), which is
  // pullModelVersion's alone to change: it is given as it is, so it stays.
  if (changes.show_collab_predictions === false) changes.model_version = local.model_version;
  updateProject(ctx, ctx.localUserId, mirror.project, changes, ALL_FIELDS);
  return { projectId: mirror.project, serverTime, changed: true, remoteModelVersion, remoteTaskCount };
}

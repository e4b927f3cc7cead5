import { findMirrorProject, type MirrorProjectRow } from '../../db/repos/syncMirrorRepo.js';
import { insertOutboxRow } from '../../db/repos/syncOutboxRepo.js';
import {
  listPredictionPushStates,
  listTasksOfProjectAmong,
  type PredictionPushState,
} from '../../db/repos/syncPredictionPushRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { getProjectRow } from '../projects/getProject.js';

/*
 * Predictions made here (by a model server, the built-in model, or posted to /api/predictions)
 * stay local: nothing journals them when they are made, so no sync sends them on its own. Only
 * this request queues them, one `prediction_create` outbox row each; the next sync's push posts
 * them (sync/push/pushPredictionCreate.ts). Like every journal it never calls out.
 */

export interface PredictionPushRequest {
  /** Only predictions of this model version ('' is the empty one); absent or null: any. */
  model_version?: string | null | undefined;
  /** Only predictions on these local tasks of the project (an empty list selects nothing). */
  tasks?: readonly number[] | undefined;
}

/** What a push request did with the predictions it selected. */
export interface PredictionPushQueued {
  /** Newly queued: posted to the remote by the next sync. */
  queued: number;
  /** Queued by an earlier request and not pushed yet: left as they are (never queued twice). */
  already_queued: number;
  /** Already on the remote (pulled from it, or pushed before): nothing to do. */
  already_on_remote: number;
  /** Results that are not a list of regions (e.g. null), which Label Studio refuses. */
  not_pushable: number;
}

export interface PredictionPushVersion {
  model_version: string;
  /** Made here and not on the remote (queued ones included). */
  local: number;
  queued: number;
  on_remote: number;
}

export interface PredictionPushSummary {
  remote: number;
  model_versions: PredictionPushVersion[];
}

const NOT_MIRRORED = 'This project is not mirrored from a remote server, so its predictions have nowhere to be pushed.';

function requireMirror(ctx: DomainContext, projectId: number): MirrorProjectRow {
  getProjectRow(ctx, projectId);
  const mirror = findMirrorProject(ctx.db, projectId);
  if (!mirror) throw new ValidationError({ non_field_errors: [NOT_MIRRORED] });
  return mirror;
}

/** Like DRF's PrimaryKeyRelatedField(many=True): the first id that is not a task of the project. */
function checkTasks(ctx: DomainContext, projectId: number, tasks: readonly number[]): void {
  const known = new Set(listTasksOfProjectAmong(ctx.db, projectId, tasks));
  const unknown = tasks.find((task) => !known.has(task));
  if (unknown !== undefined) throw new ValidationError({ tasks: [`Invalid pk "${unknown}" - object does not exist.`] });
}

/**
 * `POST /api/outpost/projects/{id}/push-predictions`: queues the project's local predictions that
 * match the request, each at most once, in one transaction.
 */
export function queuePredictionPush(
  ctx: DomainContext,
  projectId: number,
  request: PredictionPushRequest,
): PredictionPushQueued {
  return ctx.db.transaction(() => {
    const mirror = requireMirror(ctx, projectId);
    if (request.tasks) checkTasks(ctx, projectId, request.tasks);
    const states = listPredictionPushStates(ctx.db, projectId, {
      modelVersion: request.model_version ?? null,
      tasks: request.tasks ?? null,
    });
    const counts: PredictionPushQueued = { queued: 0, already_queued: 0, already_on_remote: 0, not_pushable: 0 };
    const now = formatTimestamp(ctx.clock());
    for (const state of states) {
      if (state.on_remote) counts.already_on_remote += 1;
      else if (state.queued) counts.already_queued += 1;
      else if (!state.is_list) counts.not_pushable += 1;
      else {
        insertOutboxRow(ctx.db, {
          remote: mirror.remote,
          project: projectId,
          task: state.task,
          kind: 'prediction_create',
          prediction: state.id,
          created_at: now,
        });
        counts.queued += 1;
      }
    }
    return counts;
  })();
}

/** `GET` of the same path: per model version, how many predictions are local, queued, on the remote. */
export function describePredictionPush(ctx: DomainContext, projectId: number): PredictionPushSummary {
  const mirror = requireMirror(ctx, projectId);
  const versions = new Map<string, PredictionPushVersion>();
  const add = (state: PredictionPushState) => {
    let entry = versions.get(state.model_version);
    if (!entry) {
      entry = { model_version: state.model_version, local: 0, queued: 0, on_remote: 0 };
      versions.set(state.model_version, entry);
    }
    if (state.on_remote) entry.on_remote += 1;
    else entry.local += 1;
    if (state.queued && !state.on_remote) entry.queued += 1;
  };
  for (const state of listPredictionPushStates(ctx.db, projectId, { modelVersion: null, tasks: null })) add(state);
  const model_versions = [...versions.values()].sort((a, b) => a.model_version.localeCompare(b.model_version));
  return { remote: mirror.remote, model_versions };
}

import type { SyncScope } from '../../../../shared/api/syncScope.js';
import { listMirrorTaskStatesOfProject } from '../../db/repos/syncMirrorRepo.js';
import { countUnlabeledTasks } from '../../db/repos/syncScopesRepo.js';
import { applyTasksById, staleOldestFirst, type ApplyByIdOptions } from './applyTasksById.js';
import type { PullRun } from './pullRun.js';
import { reconcileTasks } from './reconcileTasks.js';
import { listTaskStatesWhere } from './remoteTaskPages.js';
import { listTaskStatesOfIds, scopeListing, UNLABELED_ITEMS } from './scopeListing.js';

/*
 * The pull of a partial mirror (docs/sync.md#partial-mirrors): the tasks in scope now, plus those
 * the mirror already holds, which keep being refreshed (and pushed); a task leaves the mirror only
 * when it is deleted there. Steps:
 * 1. the tasks held are listed by id (ids and updated_at, about 70 bytes each), never the project's;
 * 2. the scope is listed: only what was saved since the cursor while it lists what the last pull
 *    listed, else all of it;
 * 3. tasks of either listing the mirror lacks or holds at another updated_at are read whole, with
 *    their extras, oldest first (so changing the scope re-reads nothing the mirror holds as is);
 * 4. held tasks missing from step 1 are deleted as a full pull deletes them (reconcileTasks);
 * 5. an `unlabeled` scope is topped up to its count of tasks unlabeled here and there.
 */

export interface ScopedPullOptions extends ApplyByIdOptions {
  /** The cursor as pullProject computes it (null: none yet). */
  since: string | null;
  /** What the last complete pull listed (remote_project_scopes.pulled_scope). */
  pulledScope: string | null;
}

export interface ScopedPull {
  /** The newest remote updated_at listed (null when none was). */
  newest: string | null;
  /** What this pull listed, to be recorded once it completes. */
  scopeKey: string | null;
}

function newestOf(states: Iterable<string>): string | null {
  let newest: string | null = null;
  for (const updatedAt of states) if (newest === null || updatedAt > newest) newest = updatedAt;
  return newest;
}

/**
 * The remote's next tasks, in id order, that nobody annotated or skipped there and the mirror
 * does not hold yet, as many as the mirror lacks of `count` unlabeled tasks here. One listing
 * page of (missing + held) ids holds at least the missing ones when the remote has them.
 */
async function topUpUnlabeled(run: PullRun, count: number, options: ApplyByIdOptions): Promise<Map<number, string>> {
  const { ctx, projectId, remoteProjectId } = run;
  const missing = count - countUnlabeledTasks(ctx.db, projectId);
  const picked = new Map<number, string>();
  if (missing <= 0) return picked;
  const held = listMirrorTaskStatesOfProject(ctx.db, projectId);
  const pageSize = Math.min(10_000, missing + held.size);
  await listTaskStatesWhere(ctx, remoteProjectId, UNLABELED_ITEMS, pageSize, (tasks) => {
    for (const task of tasks) {
      if (picked.size < missing && !held.has(task.id)) picked.set(task.id, task.updated_at);
    }
    return picked.size < missing;
  });
  await applyTasksById(run, [...picked.keys()], options);
  return picked;
}

export async function pullScopedTasks(run: PullRun, scope: SyncScope, options: ScopedPullOptions): Promise<ScopedPull> {
  const { ctx, projectId, remoteProjectId } = run;
  const listing = await scopeListing(ctx, remoteProjectId, scope);
  const since = listing.key !== null && listing.key === options.pulledScope ? options.since : null;

  // 1-2. What the mirror holds (the whole project's listing, going back to it, holds it too),
  // then the scope.
  const held = listMirrorTaskStatesOfProject(ctx.db, projectId);
  const listed =
    scope === null
      ? new Map<number, string>()
      : await listTaskStatesOfIds(ctx, remoteProjectId, [...held.keys()], null);
  for (const [remoteTaskId, updatedAt] of await listing.list(since, new Set(held.keys()))) {
    listed.set(remoteTaskId, updatedAt);
  }

  // 3. Read whole only what is missing or stale here.
  await applyTasksById(run, staleOldestFirst(listed, held), options);

  // 4. Deletions, as in a full pull: held tasks the listing lacks are asked for once more by id.
  ctx.signal?.throwIfAborted();
  await reconcileTasks(run, options.pageSize, listed);

  // 5. The top-up of an `unlabeled` scope, once the tasks held are up to date.
  const toppedUp = scope?.kind === 'unlabeled' ? await topUpUnlabeled(run, scope.count, options) : new Map();
  return { newest: newestOf([...listed.values(), ...toppedUp.values()]), scopeKey: listing.key };
}

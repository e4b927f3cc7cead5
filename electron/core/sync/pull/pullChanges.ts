import { listMirrorTaskStatesOfProject } from '../../db/repos/syncMirrorRepo.js';
import { applyTasksById, staleOldestFirst, type ApplyByIdOptions } from './applyTasksById.js';
import type { PullRun } from './pullRun.js';
import { reconcileTasks } from './reconcileTasks.js';
import { listRemoteTaskStates, listTaskStatesSince } from './remoteTaskPages.js';

/*
 * An incremental pull that moves about what changed (docs/sync.md#pull):
 * 1. the ids and updated_at of the tasks saved since the cursor (a sparse listing: about 70 bytes
 *    a task, and only the tasks of the overlap window when nothing changed);
 * 2. of those, the ones the mirror holds at another updated_at (or not at all) are read whole,
 *    with their extras, and applied;
 * 3. deletions: Label Studio keeps no tombstones, but a deletion lowers the project's task count,
 *    which its settings answer already carries. Every task created since the cursor was listed in
 *    step 1, so when the remote's count equals the mirror's, no task is missing on either side and
 *    the whole id listing is skipped; when they differ (or the count is unknown) the whole listing
 *    is read and reconciled as a full pull does.
 * A deletion and a creation both after the listing balance the count; the creation is then listed
 *    by the next pull, whose count no longer matches, so that pull finds the deletion.
 */

export interface ChangedTasksOptions extends ApplyByIdOptions {
  /** The remote project's task count as its settings gave it, or null when it gave none. */
  remoteTaskCount: number | null;
}

/** Returns the newest remote updated_at listed (null when none was). */
export async function pullChangedTasks(
  run: PullRun,
  since: string,
  options: ChangedTasksOptions,
): Promise<string | null> {
  const { ctx, projectId, remoteProjectId } = run;
  const changed = await listTaskStatesSince(ctx, remoteProjectId, since);
  const stale = staleOldestFirst(changed, listMirrorTaskStatesOfProject(ctx.db, projectId));
  await applyTasksById(run, stale, options);

  let newest: string | null = null;
  for (const updatedAt of changed.values()) if (newest === null || updatedAt > newest) newest = updatedAt;
  return settleByTaskCount(run, options.pageSize, options.remoteTaskCount, newest);
}

/**
 * Step 3 (also a full pull's by id ranges): when the remote's task count equals the mirror's, no
 * task is missing on either side; otherwise (or when the count is unknown) the whole id set is
 * listed and reconciled. Returns the newest updated_at listed, else `newest`.
 */
export async function settleByTaskCount(
  run: PullRun,
  pageSize: number,
  remoteTaskCount: number | null,
  newest: string | null,
): Promise<string | null> {
  const { ctx, projectId, remoteProjectId } = run;
  const mirrored = listMirrorTaskStatesOfProject(ctx.db, projectId).size;
  if (remoteTaskCount !== null && remoteTaskCount === mirrored) return newest;
  ctx.signal?.throwIfAborted();
  const listed = await reconcileTasks(run, pageSize, await listRemoteTaskStates(ctx, remoteProjectId));
  return listed ?? newest;
}

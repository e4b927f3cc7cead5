import { findLocalTaskOfRemote, listMirrorTaskStatesOfProject } from '../../db/repos/syncMirrorRepo.js';
import { unsyncedCommit } from '../../db/unsyncedCommit.js';
import { applyTaskExtras } from './applyExtras.js';
import { applyRemoteTask } from './applyTask.js';
import type { PullRun } from './pullRun.js';
import { reconcileTasks } from './reconcileTasks.js';
import type { RemoteTaskExtras } from './remoteExtras.js';
import type { RemoteTask } from './remoteTask.js';
import { fetchTasksById, listRemoteTaskStates, listTaskStatesSince } from './remoteTaskPages.js';

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

export interface ChangedTasksOptions {
  pageSize: number;
  /** Fetches the extras of tasks about to be applied (pullProject's fetchPageExtras). */
  extrasOf(tasks: readonly RemoteTask[]): Promise<Map<number, RemoteTaskExtras>>;
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
  const mirror = listMirrorTaskStatesOfProject(ctx.db, projectId);
  // Oldest first, as they were saved there: Label Studio may give a new prediction or annotation
  // the id of one just deleted from another task, and applying that other task first frees it.
  const stale = [...changed]
    .filter(([remoteTaskId, updatedAt]) => mirror.get(remoteTaskId)?.remote_updated_at !== updatedAt)
    .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0]))
    .map(([remoteTaskId]) => remoteTaskId);
  const order = new Map(stale.map((remoteTaskId, index) => [remoteTaskId, index]));

  let done = 0;
  for (let start = 0; start < stale.length; start += options.pageSize) {
    ctx.signal?.throwIfAborted();
    const tasks = await fetchTasksById(
      ctx,
      remoteProjectId,
      stale.slice(start, start + options.pageSize),
      options.pageSize,
    );
    tasks.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const extras = await options.extrasOf(tasks);
    unsyncedCommit(ctx.db, () => {
      for (const task of tasks) {
        applyRemoteTask(run, task);
        const taskExtras = extras.get(task.id);
        const local = taskExtras && findLocalTaskOfRemote(ctx.db, ctx.remoteId, task.id);
        if (taskExtras && local !== undefined) applyTaskExtras(run, local, taskExtras);
      }
    });
    done += tasks.length;
    ctx.progress.items(done, stale.length);
  }

  let newest: string | null = null;
  for (const updatedAt of changed.values()) if (newest === null || updatedAt > newest) newest = updatedAt;
  const mirrored = listMirrorTaskStatesOfProject(ctx.db, projectId).size;
  if (options.remoteTaskCount !== null && options.remoteTaskCount === mirrored) return newest;
  ctx.signal?.throwIfAborted();
  const listed = await reconcileTasks(run, options.pageSize, await listRemoteTaskStates(ctx, remoteProjectId));
  return listed ?? newest;
}

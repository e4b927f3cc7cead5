import { findLocalTaskOfRemote } from '../../db/repos/syncMirrorRepo.js';
import { unsyncedCommit } from '../../db/unsyncedCommit.js';
import { applyTaskExtras } from './applyExtras.js';
import { applyRemoteTask } from './applyTask.js';
import type { PullRun } from './pullRun.js';
import type { RemoteTaskExtras } from './remoteExtras.js';
import type { RemoteTask } from './remoteTask.js';
import { fetchTasksById } from './remoteTaskPages.js';

export interface ApplyByIdOptions {
  pageSize: number;
  /** Fetches the extras of tasks about to be applied (pullProject's fetchPageExtras). */
  extrasOf(tasks: readonly RemoteTask[]): Promise<Map<number, RemoteTaskExtras>>;
}

/**
 * Reads the given remote tasks whole (a page of them at a time, with their export extras) and
 * applies each page in one transaction, in the order given; progress counts them, not the project.
 */
export async function applyTasksById(
  run: PullRun,
  remoteTaskIds: readonly number[],
  options: ApplyByIdOptions,
): Promise<void> {
  const { ctx, remoteProjectId } = run;
  const order = new Map(remoteTaskIds.map((remoteTaskId, index) => [remoteTaskId, index]));
  let done = 0;
  for (let start = 0; start < remoteTaskIds.length; start += options.pageSize) {
    ctx.signal?.throwIfAborted();
    const tasks = await fetchTasksById(
      ctx,
      remoteProjectId,
      remoteTaskIds.slice(start, start + options.pageSize),
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
    ctx.progress.items(done, remoteTaskIds.length);
  }
}

/** Oldest first, as they were saved there: Label Studio may give a new prediction or annotation
 * the id of one just deleted from another task, and applying that other task first frees it. */
export function staleOldestFirst(
  listed: ReadonlyMap<number, string>,
  mirror: ReadonlyMap<number, { remote_updated_at: string | null }>,
): number[] {
  return [...listed]
    .filter(([remoteTaskId, updatedAt]) => mirror.get(remoteTaskId)?.remote_updated_at !== updatedAt)
    .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0]))
    .map(([remoteTaskId]) => remoteTaskId);
}

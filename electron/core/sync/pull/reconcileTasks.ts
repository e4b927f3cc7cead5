import { listMirrorTaskStatesOfProject } from '../../db/repos/syncMirrorRepo.js';
import { hasOpenConflict, hasUnpushedWork, insertSyncConflict } from '../../db/repos/syncPullRepo.js';
import { deleteMirroredTask } from '../../domain/sync/mirrorWrites.js';
import { applyRemoteTask } from './applyTask.js';
import type { PullRun } from './pullRun.js';
import { fetchTasksById } from './remoteTaskPages.js';

/*
 * Pull step 4: compare the remote's whole id set (with each task's updated_at) to the mirror.
 * The listing is read while the task pages are (pullProject), so the two do not wait on each other.
 * - Tasks there that the mirror lacks or holds at another updated_at are fetched again. Page
 *   walks over a changing list can skip a task (one deleted or re-sorted before the current
 *   page shifts the rest left); this catches it in the same pull instead of never.
 * - Mirrored tasks missing from the listing are asked for by id first: one created there after
 *   the listing was read may already be on a page. Those still gone are deleted here, unless they
 *   hold local work not yet pushed: those stay, with a `task_deleted_there` conflict. Tasks
 *   created here are never touched.
 */

async function fetchAndApply(run: PullRun, remoteTaskIds: readonly number[], pageSize: number): Promise<Set<number>> {
  const { ctx } = run;
  const found = new Set<number>();
  for (let start = 0; start < remoteTaskIds.length; start += pageSize) {
    ctx.signal?.throwIfAborted();
    const chunk = remoteTaskIds.slice(start, start + pageSize);
    const tasks = await fetchTasksById(ctx, run.remoteProjectId, chunk, pageSize);
    ctx.db.transaction(() => {
      for (const task of tasks) {
        applyRemoteTask(run, task);
        found.add(task.id);
      }
    })();
  }
  return found;
}

/** `remoteStates` is listRemoteTaskStates' answer. Returns the newest remote updated_at listed (null for an empty project). */
export async function reconcileTasks(
  run: PullRun,
  pageSize: number,
  remoteStates: ReadonlyMap<number, string>,
): Promise<string | null> {
  const { ctx, projectId } = run;
  const mirror = listMirrorTaskStatesOfProject(ctx.db, projectId);

  const stale = [...remoteStates]
    .filter(([remoteTaskId, updatedAt]) => mirror.get(remoteTaskId)?.remote_updated_at !== updatedAt)
    .map(([remoteTaskId]) => remoteTaskId);
  await fetchAndApply(run, stale, pageSize);
  const unlisted = [...mirror.keys()].filter((remoteTaskId) => !remoteStates.has(remoteTaskId));
  const stillThere = await fetchAndApply(run, unlisted, pageSize);

  ctx.db.transaction(() => {
    for (const remoteTaskId of unlisted) {
      if (stillThere.has(remoteTaskId)) continue;
      const { task } = mirror.get(remoteTaskId)!;
      if (!hasUnpushedWork(ctx.db, ctx.remoteId, task)) {
        deleteMirroredTask(ctx.db, task);
        run.stats.tasks += 1;
        continue;
      }
      if (hasOpenConflict(ctx.db, task, 'task_deleted_there')) continue;
      insertSyncConflict(ctx.db, {
        remote: ctx.remoteId,
        project: projectId,
        task,
        local_annotation: null,
        mirror_annotation: null,
        remote_annotation_id: null,
        kind: 'task_deleted_there',
        created_at: run.now(),
      });
      run.conflicts += 1;
    }
  })();
  let newest: string | null = null;
  for (const updatedAt of remoteStates.values()) if (newest === null || updatedAt > newest) newest = updatedAt;
  return newest;
}

import { listMirrorTaskStatesOfProject } from '../../db/repos/syncMirrorRepo.js';
import { hasOpenConflict, hasUnpushedWork, insertSyncConflict } from '../../db/repos/syncPullRepo.js';
import { deleteMirroredTask } from '../../domain/sync/mirrorWrites.js';
import { applyRemoteTask } from './applyTask.js';
import type { PullRun } from './pullRun.js';
import { fetchTasksById, listRemoteTaskStates } from './remoteTaskPages.js';

/*
 * Pull step 4: compare the remote's whole id set (with each task's updated_at) to the mirror.
 * - Tasks there that the mirror lacks or holds at another updated_at are fetched again. Page
 *   walks over a changing list can skip a task (one deleted or re-sorted before the current
 *   page shifts the rest left); this catches it in the same pull instead of never.
 * - Mirrored tasks gone there are deleted here, unless they hold local work not yet pushed:
 *   those stay, with a `task_deleted_there` conflict. Tasks created here are never touched.
 */
/** Returns the newest remote updated_at listed (null for an empty project). */
export async function reconcileTasks(run: PullRun, pageSize: number): Promise<string | null> {
  const { ctx, projectId } = run;
  const remoteStates = await listRemoteTaskStates(ctx, run.remoteProjectId);
  const mirror = listMirrorTaskStatesOfProject(ctx.db, projectId);

  const stale = [...remoteStates]
    .filter(([remoteTaskId, updatedAt]) => mirror.get(remoteTaskId)?.remote_updated_at !== updatedAt)
    .map(([remoteTaskId]) => remoteTaskId);
  for (let start = 0; start < stale.length; start += pageSize) {
    ctx.signal?.throwIfAborted();
    const tasks = await fetchTasksById(ctx, run.remoteProjectId, stale.slice(start, start + pageSize), pageSize);
    ctx.db.transaction(() => {
      for (const task of tasks) applyRemoteTask(run, task);
    })();
  }

  ctx.db.transaction(() => {
    for (const [remoteTaskId, { task }] of mirror) {
      if (remoteStates.has(remoteTaskId)) continue;
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

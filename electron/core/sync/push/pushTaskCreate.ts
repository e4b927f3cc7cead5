import { findMirrorProject, findMirrorTask, upsertMirrorTask } from '../../db/repos/syncMirrorRepo.js';
import { findOutboxRow, markOutboxDone, type OutboxRow } from '../../db/repos/syncOutboxRepo.js';
import { findTaskById } from '../../db/repos/tasksRepo.js';
import { RemoteError } from '../remoteError.js';
import { done, type PushRun, type RowOutcome } from './pushRun.js';
import { uploadTaskMedia } from './uploadTaskMedia.js';

/** The key in a pushed task's meta holding its outbox marker, so a lost answer can be looked up. */
export const MARKER_KEY = 'outpost_sync_id';

interface MarkedTask {
  id: number;
  meta?: Record<string, unknown> | null;
}

/**
 * The remote task carrying `marker` in its meta, newest first (a lost create is among the last
 * ones made); null once the pages end (the DM list answers 404 past the last page). It does not
 * retry by itself: callers run it under their own retry.
 */
async function findMarkedTask(run: PushRun, remoteProjectId: number, marker: string): Promise<number | null> {
  for (let page = 1; ; page += 1) {
    let tasks: MarkedTask[];
    try {
      const envelope = await run.ctx.client.request<{ tasks: MarkedTask[] }>('GET', '/api/tasks/', {
        query: {
          project: remoteProjectId,
          include: 'id,meta',
          page,
          page_size: 100,
          query: JSON.stringify({ ordering: ['-tasks:id'] }),
        },
      });
      tasks = envelope.tasks;
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) return null;
      throw error;
    }
    if (tasks.length === 0) return null;
    const found = tasks.find((task) => task.meta?.[MARKER_KEY] === marker);
    if (found) return found.id;
  }
}

/**
 * `task_create`: the task's media uploaded first, then the task imported with
 * `return_task_ids=true` and the row's marker in its meta. Before any repeat of the import (a
 * retry after a lost answer, in this run or a later one) the marker is looked up, so the task
 * is never created twice. The mapping and the closed row commit together.
 */
export async function pushTaskCreate(run: PushRun, row: OutboxRow): Promise<RowOutcome> {
  const { ctx } = run;
  const close = (note: string | null) => ctx.db.transaction(() => markOutboxDone(ctx.db, row.id, run.now(), note))();
  const task = findTaskById(ctx.db, row.task);
  const project = findMirrorProject(ctx.db, row.project);
  if (!task || !project || findMirrorTask(ctx.db, row.task) || !row.unique_id) {
    close(task && project ? 'already on the remote' : 'gone locally');
    return done(null);
  }
  const marker = row.unique_id;
  const remoteProject = project.remote_project_id;
  // attempts counts this try too: more than one means an earlier import may have landed.
  let mayHaveLanded = row.attempts > 1;
  let remoteId = mayHaveLanded ? await run.retry(() => findMarkedTask(run, remoteProject, marker)) : null;
  if (remoteId === null) {
    const data = await uploadTaskMedia(run, remoteProject, JSON.parse(task.data) as Record<string, unknown>);
    const item: Record<string, unknown> = {
      data,
      meta: { ...(JSON.parse(task.meta) as Record<string, unknown>), [MARKER_KEY]: marker },
    };
    if (task.allow_skip !== null) item.allow_skip = task.allow_skip === 1;
    remoteId = await run.retry(async () => {
      if (mayHaveLanded) {
        const found = await findMarkedTask(run, remoteProject, marker);
        if (found !== null) return found;
      }
      mayHaveLanded = true;
      const answer = await ctx.client.request<{ task_ids?: number[] }>(
        'POST',
        `/api/projects/${remoteProject}/import`,
        { query: { return_task_ids: true }, body: [item] },
      );
      const id = answer.task_ids?.[0];
      if (id === undefined) throw new RemoteError(502, 'The remote import returned no task id.', answer);
      return id;
    });
  }
  const linked = remoteId;
  ctx.db.transaction(() => {
    const current = findOutboxRow(ctx.db, row.id);
    if (!current || current.done_at !== null) return;
    if (findTaskById(ctx.db, row.task)) {
      upsertMirrorTask(ctx.db, {
        task: row.task,
        remote: ctx.remoteId,
        remote_task_id: linked,
        remote_updated_at: null,
      });
    }
    markOutboxDone(ctx.db, row.id, run.now());
  })();
  return done('tasks');
}

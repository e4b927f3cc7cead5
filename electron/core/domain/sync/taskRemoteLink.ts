import { findRemote } from '../../db/repos/remotesRepo.js';
import { findMirrorProject, findMirrorTask } from '../../db/repos/syncMirrorRepo.js';
import { findTaskById } from '../../db/repos/tasksRepo.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';

/*
 * Where a task lives on the team's server, for the labeling page to offer that server's own
 * editor when the bundled one cannot show the config. Read from the mirror mappings only: it
 * never calls the remote, so it answers offline too.
 */

export interface TaskRemoteLink {
  /** The remote the task's project mirrors; null for a project made here. */
  remote: { id: number; name: string; url: string } | null;
  remote_project_id: number | null;
  /** Null while a task created here has not been pushed yet. */
  remote_task_id: number | null;
  /** The task in the remote's labeling page (its project's data page before a push); null when not mirrored. */
  url: string | null;
}

const NOT_MIRRORED: TaskRemoteLink = { remote: null, remote_project_id: null, remote_task_id: null, url: null };

export function describeTaskRemote(ctx: DomainContext, taskId: number): TaskRemoteLink {
  const task = findTaskById(ctx.db, taskId);
  if (!task) throw new NotFoundError('No Task matches the given query.');
  const mirror = findMirrorProject(ctx.db, task.project);
  const remote = mirror && findRemote(ctx.db, mirror.remote);
  if (!mirror || !remote) return NOT_MIRRORED;
  const remoteTaskId = findMirrorTask(ctx.db, taskId)?.remote_task_id ?? null;
  const projectData = `${remote.url.replace(/\/+$/, '')}/projects/${mirror.remote_project_id}/data`;
  return {
    remote: { id: remote.id, name: remote.name, url: remote.url },
    remote_project_id: mirror.remote_project_id,
    remote_task_id: remoteTaskId,
    url: remoteTaskId === null ? projectData : `${projectData}?task=${remoteTaskId}`,
  };
}

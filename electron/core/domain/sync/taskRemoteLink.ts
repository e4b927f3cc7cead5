import type { TaskRemoteLink } from '../../../../shared/api/mirrors.js';
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

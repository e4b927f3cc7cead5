import { findDoneMediaPaths } from '../../db/repos/mediaCacheRepo.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { findMirrorProject } from '../../db/repos/syncMirrorRepo.js';
import { findTaskById } from '../../db/repos/tasksRepo.js';
import type { DomainContext } from '../context.js';
import { findCachedMediaFile } from '../tasks/cachedMedia.js';

/* What a request to `/tasks/<id>/resolve/` or `/projects/<id>/resolve/` is about, read from the database. */

export type ResolveScope = 'task' | 'project';

/** The project whose storages may resolve the URI: the task's, or the project itself; null when absent. */
export function projectOfResolveRequest(ctx: DomainContext, scope: ResolveScope, id: number): number | null {
  if (scope === 'project') return findProjectById(ctx.db, id)?.id ?? null;
  return findTaskById(ctx.db, id)?.project ?? null;
}

export interface CachedCopy {
  path: string;
  size: number;
  /** The object's own name, for the content type and Content-Disposition. */
  name: string;
}

/**
 * The copy of `uri` a sync already downloaded, for a mirrored project (the remote's tasks name
 * bucket objects the sync fetched through the remote's own resolve endpoint): served without
 * asking the storage, so media open offline exactly as the task serializers point at them.
 */
export function findCachedCopy(
  ctx: DomainContext & { dataDir: string },
  project: number,
  uri: string,
): CachedCopy | null {
  const remote = findMirrorProject(ctx.db, project)?.remote;
  if (remote === undefined) return null;
  const path = findDoneMediaPaths(ctx.db, remote, [uri]).get(uri);
  if (path === undefined) return null;
  const file = findCachedMediaFile(ctx, remote, path);
  if (!file) return null;
  const name = uri.split(/[/?#]/).filter(Boolean).pop() ?? path;
  return { ...file, name };
}

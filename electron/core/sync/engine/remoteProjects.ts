import type { RemoteProject } from '../../../../shared/api/remotes.js';
import { listMirrorProjects } from '../../db/repos/syncMirrorRepo.js';
import { countMirrorTasks } from '../../db/repos/syncScopesRepo.js';
import { DomainError } from '../../domain/errors.js';
import { requireRemote } from '../../domain/remotes/remotes.js';
import { listSyncScopes } from '../../domain/sync/syncScopes.js';
import { createRemoteClient } from '../remoteClient.js';
import { RemoteError } from '../remoteError.js';
import { storedToken } from './manageRemotes.js';
import type { SyncDeps } from './syncDeps.js';

/** The remote did not give what was asked (unreachable, refused, failed): a 502 with its reason. */
export class RemoteUnavailableError extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}

interface ProjectPage {
  next: string | null;
  results: { id: number; title: string; task_number?: number | null }[];
}

const PAGE_SIZE = 100;

/** The remote's address once: a message that already starts with it ("<url> could not be reached") keeps its own. */
export function namingRemote(url: string, message: string): string {
  const bare = url.replace(/\/+$/, '');
  return message.startsWith(bare) ? message : `${url}: ${message}`;
}

/** Every project the token's user can see on the remote, with the local mirror and the scope of each. */
export async function listRemoteProjects(deps: SyncDeps, id: number): Promise<RemoteProject[]> {
  const remote = requireRemote(deps, id);
  const client = createRemoteClient({ url: remote.url, token: storedToken(deps, remote), fetch: deps.fetch });
  const mirrors = new Map(listMirrorProjects(deps.db, id).map((row) => [row.remote_project_id, row]));
  const mirrorTasks = countMirrorTasks(deps.db, id);
  const scopes = listSyncScopes(deps, id);
  const projects: RemoteProject[] = [];
  try {
    for (let page = 1; ; page += 1) {
      const body = await client.request<ProjectPage>('GET', '/api/projects/', {
        query: { page, page_size: PAGE_SIZE, include: 'id,title,task_number' },
      });
      for (const project of body.results) {
        const mirror = mirrors.get(project.id);
        projects.push({
          id: project.id,
          title: project.title,
          task_number: project.task_number ?? null,
          mirror: mirror
            ? {
                project: mirror.project,
                last_pull_at: mirror.last_pull_at,
                tasks: mirrorTasks.get(mirror.project) ?? 0,
              }
            : null,
          scope: scopes.get(project.id) ?? null,
        });
      }
      if (!body.next || body.results.length === 0) return projects;
    }
  } catch (error) {
    if (error instanceof RemoteError) throw new RemoteUnavailableError(namingRemote(remote.url, error.message));
    throw error;
  }
}

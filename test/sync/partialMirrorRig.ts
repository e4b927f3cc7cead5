import type { SyncScope } from '../../shared/api/syncScope.js';
import { setSyncScope } from '../../electron/core/domain/sync/syncScopes.js';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import type { FetchLike } from '../../electron/core/sync/remoteClient.js';
import { runSync, type SyncRunResult } from '../../electron/core/sync/runSync.js';
import { recordingProgress, startRemoteOutpost, syncDepsOf, type RemoteOutpost } from '../helpers/syncRemote.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * Partial mirrors against a real second Outpost: the local app syncs through runSync with a fetch
 * that records every request it sends, so a test can say which tasks were read whole (the task
 * list with `fields=all`) and whether anything listed the whole project's ids.
 */

export interface SentRequest {
  method: string;
  path: string;
  params: URLSearchParams;
}

export interface ScopeRig {
  remote: RemoteOutpost;
  t: TestApp;
  deps: SyncDeps;
  remoteId: number;
  sent: SentRequest[];
  setScope(remoteProject: number, scope: SyncScope): void;
  /** One sync of these projects; fails the test when the run did not complete. */
  sync(remoteProject: number): Promise<SyncRunResult & { progress: ReturnType<typeof recordingProgress> }>;
  /** Remote ids of the tasks read whole since the last call (sorted). */
  takeReadWhole(): number[];
  /** Sparse listings sent since `from` that had no filter and no selection: the whole project's ids. */
  wholeListings(from?: number): SentRequest[];
  /** The remote task ids the mirror of a remote project holds (sorted). */
  mirrorIds(remoteProject: number): number[];
  localProject(remoteProject: number): number;
  close(): Promise<void>;
}

function idsRead(request: SentRequest): number[] {
  if (request.path !== '/api/tasks/' || request.params.get('fields') !== 'all') return [];
  const query = JSON.parse(request.params.get('query') ?? '{}') as { selectedItems?: { included?: number[] } };
  return query.selectedItems?.included ?? [];
}

export async function startScopeRig(): Promise<ScopeRig> {
  const remote = await startRemoteOutpost();
  const t = await createTestApp();
  const sent: SentRequest[] = [];
  const recording: FetchLike = (input, init) => {
    const url = new URL(input);
    sent.push({ method: init.method ?? 'GET', path: url.pathname, params: url.searchParams });
    return fetch(input, init);
  };
  const deps: SyncDeps = { ...syncDepsOf(t), fetch: recording };
  const { id: remoteId } = await addRemote(deps, { url: remote.url, token: remote.token });
  let readFrom = 0;
  const localProject = (remoteProject: number) =>
    t.db
      .prepare('SELECT project FROM remote_projects WHERE remote = ? AND remote_project_id = ?')
      .pluck()
      .get(remoteId, remoteProject) as number;
  return {
    remote,
    t,
    deps,
    remoteId,
    sent,
    setScope: (remoteProject, scope) => setSyncScope(t.ctx, remoteId, remoteProject, scope),
    sync: async (remoteProject) => {
      const progress = recordingProgress();
      const result = await runSync(deps, remoteId, { projects: [remoteProject], progress });
      if (result.status !== 'completed') throw new Error(`sync ${result.status}: ${JSON.stringify(result.summary)}`);
      return { ...result, progress };
    },
    takeReadWhole: () => {
      const ids = sent.slice(readFrom).flatMap(idsRead);
      readFrom = sent.length;
      return ids.sort((a, b) => a - b);
    },
    wholeListings: (from = 0) =>
      sent
        .slice(from)
        .filter(
          (request) =>
            request.path === '/api/tasks/' &&
            request.params.get('include') === 'id,updated_at' &&
            !request.params.has('query') &&
            !request.params.has('view'),
        ),
    mirrorIds: (remoteProject) =>
      t.db
        .prepare(
          `SELECT rt.remote_task_id FROM remote_tasks rt JOIN tasks t ON t.id = rt.task
           WHERE t.project = ? ORDER BY rt.remote_task_id`,
        )
        .pluck()
        .all(localProject(remoteProject)) as number[],
    localProject,
    close: () => remote.stop(),
  };
}

import type { ByteCountingProxy } from '../byteCountingProxy.js';
import { listTasks, type OutpostServer } from './syncRig.js';

/* What the partial-mirror interop test reads off the requests its proxy recorded. */

/** Remote task ids read whole (the task list with fields=all, picked by id) since the last reset. */
export function readWhole(proxy: ByteCountingProxy): number[] {
  const ids: number[] = [];
  for (const target of proxy.targets()) {
    const url = new URL(target.slice(target.indexOf(' ') + 1), 'http://proxy.invalid');
    if (url.pathname !== '/api/tasks/' || url.searchParams.get('fields') !== 'all') continue;
    const query = JSON.parse(url.searchParams.get('query') ?? '{}') as { selectedItems?: { included?: number[] } };
    ids.push(...(query.selectedItems?.included ?? []));
  }
  return ids.sort((a, b) => a - b);
}

export const uploadsFetched = (proxy: ByteCountingProxy) =>
  proxy.targets().filter((target) => target.startsWith('GET /data/upload/')).length;

export const byId = (ids: readonly number[]) =>
  `query=${encodeURIComponent(JSON.stringify({ selectedItems: { all: false, included: ids } }))}`;

/** The remote ids of the tasks an Outpost's mirror of a remote project holds, through its API. */
export async function mirroredRemoteIds(outpost: OutpostServer, remoteId: number, project: number): Promise<number[]> {
  const mirror = await outpost.mirrorOf(remoteId, project);
  const remoteIds = await Promise.all(
    (await listTasks(outpost.api, mirror)).map(
      async (task) =>
        (await outpost.api.call<{ remote_task_id: number }>('GET', `/api/outpost/tasks/${task.id}/remote`))
          .remote_task_id,
    ),
  );
  return remoteIds.sort((a, b) => a - b);
}

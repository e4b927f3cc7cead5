import type { ByteCountingProxy } from '../byteCountingProxy.js';

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

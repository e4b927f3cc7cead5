import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import type { ApiClient } from '../../api/client';
import { listMirrors, type Mirror } from '../../api/mirrors';
import { queryKeys } from '../../api/queryKeys';

/** Every mirror, one request shared by all who read it. */
export function mirrorsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.mirrors,
    queryFn: ({ signal }) => listMirrors(client, { signal }),
  });
}

/**
 * Every mirror by local project id, from one request shared by everything that asks (each project
 * card would otherwise ask on its own); null until known. Badges are hints: when the mirrors
 * cannot be read, the cards simply show none.
 */
export function useMirrors(): ReadonlyMap<number, Mirror> | null {
  const client = useApi();
  const query = useQuery({
    ...mirrorsQuery(client),
    select: (list) => new Map(list.map((mirror) => [mirror.project, mirror])),
  });
  return query.data ?? null;
}

/** The project's mirror, or null when it mirrors nothing (or the mirrors are not known yet). */
export function useMirror(projectId: number): Mirror | null {
  return useMirrors()?.get(projectId) ?? null;
}

import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { fetchTaskPage, type DmTask, type DmTaskPage } from '../../api/dataManager';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { pagesForRows, pagesToForget, rowLocation } from './pageCache';

export const PAGE_SIZE = 100;
/** 40 pages of 100 rows: enough to scroll back and forth around a spot without refetching. */
const CACHED_PAGES = 40;

export interface TaskPages {
  /** Null until the first page has answered. */
  total: number | null;
  error: string | null;
  rowAt(index: number): DmTask | undefined;
}

/** The total the newest answer of this list gave, or null before any. */
function knownTotal(queryClient: QueryClient, projectId: number, list: string): number | null {
  const answered = queryClient
    .getQueryCache()
    .findAll({ queryKey: [...queryKeys.dmTasks(projectId), list] })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return (answered[0]?.state.data as DmTaskPage | undefined)?.total ?? null;
}

/** Keeps the project's cached pages (all its lists) under the cap, so 1M tasks scrolled through stay small. */
function forgetOldPages(queryClient: QueryClient, projectId: number): void {
  const cache = queryClient.getQueryCache();
  const pages = cache
    .findAll({ queryKey: queryKeys.dmTasks(projectId) })
    .filter((query) => query.state.data !== undefined)
    .map((query) => ({ query, fetchedAt: query.state.dataUpdatedAt, isOnScreen: query.getObserversCount() > 0 }));
  // One place is kept for the page being fetched.
  for (const { query } of pagesToForget(pages, CACHED_PAGES - 1)) cache.remove(query);
}

/**
 * The tasks of a tab, fetched a page at a time for the rows on screen. `list` names what the list
 * shows (tab, filters, ordering): another list is other pages. A page that scrolled away before it
 * answered is aborted (its query lost its last observer). Writes reset `queryKeys.dmTasks`, and
 * the list starts over.
 */
export function useTaskPages(
  projectId: number,
  viewId: number | null,
  list: string,
  first: number,
  last: number,
): TaskPages {
  const client = useApi();
  const queryClient = useQueryClient();
  // A page fetched since the grid opened is used as it is (scrolling back costs nothing); one kept
  // from an earlier visit shows at once and is asked again.
  const [openedAt] = useState(() => Date.now());
  const total = knownTotal(queryClient, projectId, list);
  const wanted = total === null ? [1] : pagesForRows(first, last, PAGE_SIZE);

  const results = useQueries({
    queries: wanted.map((page) => ({
      queryKey: queryKeys.dmTaskPage(projectId, list, page),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await fetchTaskPage(client, viewId ?? 0, page, PAGE_SIZE, signal);
        forgetOldPages(queryClient, projectId);
        return answer;
      },
      enabled: viewId !== null,
      // Each answer renders the grid again, though the grid reads the rows and the total from the
      // cache (`rowAt`, `knownTotal`) rather than from these results.
      notifyOnChangeProps: ['data', 'error'] as const,
      staleTime: Infinity,
      refetchOnMount: (query: { state: { dataUpdatedAt: number } }) => query.state.dataUpdatedAt < openedAt,
    })),
  });
  const failed = results.find((result) => result.isError);

  // Rows of any cached page, not only those on screen: a shift-click range reaches back.
  const rowAt = useCallback(
    (index: number) => {
      const { page, slot } = rowLocation(index, PAGE_SIZE);
      return queryClient.getQueryData<DmTaskPage>(queryKeys.dmTaskPage(projectId, list, page))?.tasks[slot];
    },
    [queryClient, projectId, list],
  );
  return { total, error: failed ? errorMessage(failed.error) : null, rowAt };
}

import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/apiContext';
import { ApiError } from '../../api/client';
import { listProjects, type ProjectOrdering, type ProjectSummary } from '../../api/projects';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';

export type ListStatus = 'loading' | 'ready' | 'error';

export interface ProjectListState {
  status: ListStatus;
  projects: ProjectSummary[];
  count: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** The first page's failure, or a failed "load more" (the projects already shown stay). */
  error: string | null;
  /** The server no longer knows this browser (its session ended): retrying cannot help, signing in can. */
  isSignedOut: boolean;
}

/**
 * The project list, filtered and ordered by the server, one page of 100 at a time. A new filter
 * keeps the current list on screen until its first page arrives; a request overtaken by a newer
 * one is aborted, so a slow answer never overwrites a fresher one.
 */
export function useProjectList(title: string, ordering: ProjectOrdering) {
  const client = useApi();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.projects(title, ordering),
    queryFn: ({ pageParam, signal }) => listProjects(client, { page: pageParam, title, ordering, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next === null ? undefined : pages.length + 1),
    placeholderData: keepPreviousData,
  });

  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.projectLists }), [queryClient]);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const pages = query.data?.pages ?? [];
  const state: ProjectListState = {
    status: query.isPending ? 'loading' : query.isError && !query.isFetchNextPageError ? 'error' : 'ready',
    projects: pages.flatMap((page) => page.results),
    count: pages[0]?.count ?? 0,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    error: query.isError ? errorMessage(query.error) : null,
    isSignedOut: query.error instanceof ApiError && query.error.status === 401,
  };
  return { ...state, reload, loadMore };
}

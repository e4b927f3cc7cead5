import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../api/apiContext';
import { ApiError } from '../api/client';
import { listProjects, type ProjectOrdering, type ProjectSummary } from '../api/projects';

export type ListStatus = 'loading' | 'ready' | 'error';

export interface ProjectListState {
  status: ListStatus;
  projects: ProjectSummary[];
  count: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  error: string | null;
  /** The server no longer knows this browser (its session ended): retrying cannot help, signing in can. */
  isSignedOut: boolean;
}

const INITIAL: ProjectListState = {
  status: 'loading',
  projects: [],
  count: 0,
  hasMore: false,
  isLoadingMore: false,
  error: null,
  isSignedOut: false,
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

/**
 * The project list, filtered and ordered by the server, one page of 100 at a time. A newer
 * request aborts the one in flight, so a slow answer never overwrites a fresher one.
 */
export function useProjectList(title: string, ordering: ProjectOrdering) {
  const client = useApi();
  const [state, setState] = useState<ProjectListState>(INITIAL);
  const pageRef = useRef(1);
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(
    async (page: number) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState((current) =>
        page === 1
          ? { ...current, status: current.status === 'ready' ? 'ready' : 'loading', error: null }
          : { ...current, isLoadingMore: true },
      );
      try {
        const result = await listProjects(client, { page, title, ordering, signal: controller.signal });
        pageRef.current = page;
        setState((current) => ({
          status: 'ready',
          projects: page === 1 ? result.results : [...current.projects, ...result.results],
          count: result.count,
          hasMore: result.next !== null,
          isLoadingMore: false,
          error: null,
          isSignedOut: false,
        }));
      } catch (error) {
        if (isAbort(error)) return;
        const isSignedOut = error instanceof ApiError && error.status === 401;
        setState((current) =>
          page === 1
            ? { ...INITIAL, status: 'error', error: messageOf(error), isSignedOut }
            : { ...current, isLoadingMore: false, error: messageOf(error) },
        );
      }
    },
    [client, title, ordering],
  );

  useEffect(() => {
    void load(1);
    return () => controllerRef.current?.abort();
  }, [load]);

  return {
    ...state,
    reload: useCallback(() => load(1), [load]),
    loadMore: useCallback(() => load(pageRef.current + 1), [load]),
  };
}

// From the core package, as @tanstack/react-query re-exports it: no React in what Node tests load.
import { QueryClient } from '@tanstack/query-core';
import { ApiError } from './client';

/*
 * Data fetching through TanStack Query rather than effects that fetch: one cache for every page, so
 * two parts of the window reading the same thing (the status bar and the sync page both read the
 * remotes) share one request, a page visited again shows what it had at once while it reloads, and
 * a write refreshes what it changed by invalidating its key instead of each hook keeping a reload
 * counter.
 */

/** Worth asking again: the local server could not be reached (a restart) or said it was busy. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 503);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused request (4xx) or a server error is shown as it is: asking again changes nothing.
        retry: (failures, error) => failures < 2 && isTransient(error),
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4_000),
        // The window regains focus every time the annotator switches apps; pages poll what moves.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

import type { UseQueryResult } from '@tanstack/react-query';

/** An error as the pages show it: ApiError messages are already the server's envelope in words. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The three states the pages render, from a query. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

export function loadedOf<T>(query: UseQueryResult<T>): Loaded<T> {
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', message: errorMessage(query.error) };
  return { status: 'ready', data: query.data };
}

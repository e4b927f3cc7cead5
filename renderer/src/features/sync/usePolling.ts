import { hashKey, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/queryLoad';

export type Polled<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string; value: T | null };

/**
 * Loads `key` now and again after `delayFor(value)` ms (null: stop until `refresh`), one request
 * at a time, and never after unmount. A failed load keeps the last value and is asked again after
 * `retryMs`. `refresh()` asks at once (e.g. after the user started a run); every part of the window
 * polling the same key shares its requests and its answer. Nothing is asked while `enabled` is false.
 */
export function usePolling<T>(
  key: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  delayFor: (value: T) => number | null,
  retryMs = 5_000,
  enabled = true,
): { state: Polled<T>; refresh: () => void } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    enabled,
    refetchInterval: (current) => {
      if (current.state.status === 'error') return retryMs;
      const value = current.state.data;
      return value === undefined ? false : (delayFor(value) ?? false);
    },
    // Polling paces itself: a failure is retried at the next tick, not at once.
    retry: false,
  });
  // Callers build the key on each render: the same hash is the same key, so `refresh` stays put.
  const [stableKey, setStableKey] = useState(key);
  if (hashKey(stableKey) !== hashKey(key)) setStableKey(key);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: stableKey }),
    [queryClient, stableKey],
  );

  if (query.isPending) return { state: { status: 'loading' }, refresh };
  if (query.isError)
    return { state: { status: 'error', message: errorMessage(query.error), value: query.data ?? null }, refresh };
  return { state: { status: 'ready', value: query.data }, refresh };
}

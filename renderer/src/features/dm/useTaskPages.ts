import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { fetchTaskPage, type DmTask } from '../../api/dataManager';
import { PageCache, pagesForRows } from './pageCache';

export const PAGE_SIZE = 100;
/** 40 pages of 100 rows: enough to scroll back and forth around a spot without refetching. */
const CACHED_PAGES = 40;

export interface TaskPages {
  /** Null until the first page has answered. */
  total: number | null;
  error: string | null;
  rowAt(index: number): DmTask | undefined;
}

/**
 * The tasks of a tab, fetched a page at a time for the rows on screen. `queryKey` names what the
 * list shows (tab, filters, ordering, refreshes): when it changes the cache starts over. Requests
 * for pages that scrolled away before they answered are aborted.
 */
export function useTaskPages(viewId: number | null, queryKey: string, first: number, last: number): TaskPages {
  const client = useApi();
  const cache = useRef(new PageCache<DmTask>(CACHED_PAGES));
  const inFlight = useRef(new Map<number, AbortController>());
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setVersion] = useState(0);
  const [cacheKey, setCacheKey] = useState(queryKey);

  // A new query: forget every page and answer (during render, so stale rows never show).
  if (cacheKey !== queryKey) {
    setCacheKey(queryKey);
    cache.current.clear();
    setTotal(null);
    setError(null);
  }

  useEffect(() => {
    const requests = inFlight.current;
    return () => {
      for (const controller of requests.values()) controller.abort();
      requests.clear();
    };
  }, [queryKey]);

  useEffect(() => {
    if (viewId === null) return;
    const wanted = new Set(total === null ? [1] : pagesForRows(first, last, PAGE_SIZE));
    for (const [page, controller] of inFlight.current) {
      if (!wanted.has(page)) {
        controller.abort();
        inFlight.current.delete(page);
      }
    }
    for (const page of wanted) {
      if (cache.current.has(page) || inFlight.current.has(page)) continue;
      const controller = new AbortController();
      inFlight.current.set(page, controller);
      fetchTaskPage(client, viewId, page, PAGE_SIZE, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          inFlight.current.delete(page);
          cache.current.set(page, result.tasks);
          setTotal(result.total);
          setVersion((version) => version + 1);
        },
        (reason: unknown) => {
          if (controller.signal.aborted) return;
          inFlight.current.delete(page);
          setError(reason instanceof Error ? reason.message : String(reason));
        },
      );
    }
  }, [client, viewId, queryKey, cacheKey, total, first, last]);

  const rowAt = useCallback((index: number) => cache.current.row(index, PAGE_SIZE), []);
  return { total, error, rowAt };
}

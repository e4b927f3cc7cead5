import { useCallback, useEffect, useRef, useState } from 'react';

export type Polled<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string; value: T | null };

/**
 * Loads `load` now and again after `delayFor(value)` ms (null: stop until `refresh`), one
 * request at a time, and never after unmount. A failed load keeps the last value and retries
 * after `retryMs`. `refresh()` asks at once (e.g. after the user started a run).
 */
export function usePolling<T>(
  load: (signal: AbortSignal) => Promise<T>,
  delayFor: (value: T) => number | null,
  retryMs = 5_000,
): { state: Polled<T>; refresh: () => void } {
  const [state, setState] = useState<Polled<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const latest = useRef<T | null>(null);
  const delayRef = useRef(delayFor);
  useEffect(() => {
    delayRef.current = delayFor;
  }, [delayFor]);

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = () => {
      load(controller.signal).then(
        (value) => {
          if (controller.signal.aborted) return;
          latest.current = value;
          setState({ status: 'ready', value });
          const delay = delayRef.current(value);
          if (delay !== null) timer = window.setTimeout(poll, delay);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : String(error);
          setState({ status: 'error', message, value: latest.current });
          timer = window.setTimeout(poll, retryMs);
        },
      );
    };
    poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [load, retryMs, tick]);

  const refresh = useCallback(() => setTick((value) => value + 1), []);
  return { state, refresh };
}

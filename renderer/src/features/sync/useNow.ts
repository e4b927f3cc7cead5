import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, for "5 min ago" and "12 s so far" to move on their own. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

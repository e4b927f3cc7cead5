import type { FetchLike } from './remoteClient.js';

/** The timer functions the scheduler uses; tests pass their own with a fake clock. */
export interface SchedulerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const defaultSchedulerTimers: SchedulerTimers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    // The scheduler never keeps a process alive by itself.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Whether a remote answers at all: `/api/version` needs no token in Label Studio, so nothing
 * secret is sent while polling. Ten seconds without an answer counts as no answer.
 */
export async function probeRemote(url: string, fetchImpl?: FetchLike): Promise<boolean> {
  const send = fetchImpl ?? ((input: string, init: RequestInit) => fetch(input, init));
  try {
    const response = await send(`${url.replace(/\/+$/, '')}/api/version`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

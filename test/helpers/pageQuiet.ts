import type { Page, Request } from 'playwright-core';

/*
 * Playwright's 'networkidle' needs 500 ms with no connection at all and gives up after 30 s
 * without saying what kept the page busy. On a CI machine running three test files on two cores,
 * one tour stop did not reach it within 30 s (the log could not say which, or why). This waits for
 * no request in flight (a poll's request ends in milliseconds, so the gaps between polls count as
 * quiet), gives the page 90 s, and when it gives up names the requests still open.
 */

interface QuietOptions {
  /** How long nothing may be in flight (default 300 ms). */
  quietMs?: number;
  /** When to give up (default 90 s). */
  timeoutMs?: number;
}

/** Requests of `page` in flight from now on; `settled()` waits for quiet, `stop()` detaches. */
export interface RequestWatch {
  settled(options?: QuietOptions): Promise<void>;
  stop(): void;
}

/** Starts counting `page`'s requests: call before the navigation whose requests must finish. */
export function watchRequests(page: Page): RequestWatch {
  const open = new Set<Request>();
  const started = (request: Request) => void open.add(request);
  const ended = (request: Request) => void open.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled({ quietMs = 300, timeoutMs = 90_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      for (;;) {
        const now = Date.now();
        if (open.size > 0) quietSince = now;
        else if (now - quietSince >= quietMs) return;
        if (now > deadline) {
          const urls = [...open].map((request) => `${request.method()} ${request.url()}`);
          throw new Error(`The page stayed busy for ${timeoutMs} ms; still open: ${urls.join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

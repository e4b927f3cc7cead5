import type { RemoteTaskPage } from './remoteTask.js';

/*
 * The task pages of a pull, asked for ahead of the one being written, so that neither side waits
 * on the other. Measured at 10,000 tasks, the remote's exports took about 16 s and the writes here
 * about 3 s: the remote sets the pace, and a few pages in flight keep it busy. Four keep a server
 * of four workers (Label Studio's Docker image) as busy as eight did, and a one-process server
 * queues fewer requests (a little faster there: 23 s against 25-27 s). When the walk reads an id
 * listing (thin ids), a listing request waits (`whenAhead`) until enough pages are ready here to
 * keep this side busy through it.
 */

/** Pages requested and not yet written, at most. */
const AHEAD = 4;

export interface PageQueue {
  /** The page after the last one taken (the first call gives the first page), or null past the end. */
  take(): Promise<RemoteTaskPage | null>;
  /** Resolves once `count` pages are ready and not taken, or no more will come; rejects once the walk failed. */
  whenAhead(count: number): Promise<void>;
  /** The walk is over: waiters go on, or fail with it when it failed. */
  close(failed: boolean): void;
}

export function createPageQueue(
  fetchPage: (page: number) => Promise<RemoteTaskPage | null>,
  firstPage: number,
  pageSize: number,
): PageQueue {
  const requested = new Map<number, Promise<RemoteTaskPage | null>>();
  const ready = new Set<number>();
  const waiters: { count: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  let nextPage = firstPage;
  let lastPage = Number.POSITIVE_INFINITY;
  // A null page or a failure was received: nothing after it will be asked for.
  let ended = false;
  let failed = false;

  const settleWaiters = (): void => {
    const allIn = ready.size === requested.size && (ended || nextPage + requested.size > lastPage + 1);
    for (const waiter of waiters.slice()) {
      if (failed) waiter.reject(new Error('the page walk failed'));
      else if (ready.size >= waiter.count || allIn) waiter.resolve();
      else continue;
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };

  const request = (page: number): Promise<RemoteTaskPage | null> => {
    let pending = requested.get(page);
    if (!pending) {
      pending = fetchPage(page);
      requested.set(page, pending);
      // A failure surfaces when its page is taken; one the pull never takes (it failed first) is dropped.
      pending.then(
        (result) => {
          ready.add(page);
          if (result === null) ended = true;
          settleWaiters();
        },
        () => {
          ready.add(page);
          ended = true;
          settleWaiters();
        },
      );
    }
    return pending;
  };

  return {
    async take() {
      const page = nextPage;
      const result = await request(page);
      requested.delete(page);
      ready.delete(page);
      nextPage += 1;
      if (result === null) return null;
      if (typeof result.lastPage === 'number') lastPage = result.lastPage;
      else if (typeof result.total === 'number') lastPage = Math.ceil(result.total / pageSize);
      // The page after the last is still asked for: an empty page or a 404 is what ends the walk.
      const until = Math.min(page + AHEAD, Math.max(lastPage + 1, page + 1));
      for (let ahead = page + 1; ahead <= until; ahead += 1) void request(ahead);
      settleWaiters();
      return result;
    },
    whenAhead(count) {
      return new Promise((resolve, reject) => {
        waiters.push({ count, resolve, reject });
        settleWaiters();
      });
    },
    close(walkFailed) {
      ended = true;
      failed = walkFailed;
      settleWaiters();
    },
  };
}

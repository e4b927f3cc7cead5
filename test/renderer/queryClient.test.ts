import { QueryObserver, type QueryObserverResult } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../renderer/src/api/client.js';
import { createQueryClient } from '../../renderer/src/api/queryClient.js';

/** Runs one query the way a page's useQuery does and resolves with its settled result. */
function settle(fail: (attempt: number) => Error | null): Promise<{ result: QueryObserverResult; attempts: number }> {
  const client = createQueryClient();
  let attempts = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['test'],
    queryFn: () => {
      attempts += 1;
      const error = fail(attempts);
      return error ? Promise.reject(error) : Promise.resolve('answer');
    },
  });
  return new Promise((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.isFetching) return;
      unsubscribe();
      resolve({ result, attempts });
    });
  });
}

describe('the renderer’s query client', () => {
  it('asks again when the local server could not be reached, and gets the answer', async () => {
    const { result, attempts } = await settle((attempt) => (attempt === 1 ? new ApiError(0, 'unreachable') : null));
    expect(result.data).toBe('answer');
    expect(attempts).toBe(2);
  });

  it('gives up after three tries of an unreachable server', async () => {
    const { result, attempts } = await settle(() => new ApiError(503, 'busy'));
    expect(result.isError).toBe(true);
    expect(attempts).toBe(3);
  }, 10_000);

  it('shows a refusal or a server error at once, without asking again', async () => {
    for (const status of [400, 404, 500]) {
      const { result, attempts } = await settle(() => new ApiError(status, 'no'));
      expect(result.isError, String(status)).toBe(true);
      expect(attempts, String(status)).toBe(1);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../electron/core/sync/remoteError.js';
import { withRetry, type RetryOptions } from '../../electron/core/sync/retry.js';

/** An operation failing with `failures` in turn, then answering 'ok'; it counts its calls. */
function scripted(failures: unknown[]) {
  const state = { calls: 0 };
  const operation = () => {
    const failure = failures[state.calls];
    state.calls += 1;
    return failure === undefined ? Promise.resolve('ok') : Promise.reject(failure);
  };
  return { operation, state };
}

/** withRetry with its pauses recorded instead of waited for. */
function recording(options: RetryOptions = {}) {
  const pauses: number[] = [];
  const told: { status: number; attempt: number; delay: number }[] = [];
  const run = <T>(operation: () => Promise<T>) =>
    withRetry(operation, {
      ...options,
      sleep: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
      onRetry: (error, attempt, delay) => told.push({ status: error.status, attempt, delay }),
    });
  return { run, pauses, told };
}

const remote = (status: number, retryAfterMs: number | null = null) =>
  new RemoteError(status, `GET /api/x: ${status}`, null, retryAfterMs);

describe('withRetry (p-retry underneath) keeps the sync semantics', () => {
  it('retries the network (0), 429 and 5xx, then answers', async () => {
    const { operation, state } = scripted([remote(0), remote(429), remote(500), remote(503)]);
    const { run, told } = recording();
    expect(await run(operation)).toBe('ok');
    expect(state.calls).toBe(5);
    expect(told.map((entry) => [entry.status, entry.attempt])).toEqual([
      [0, 1],
      [429, 2],
      [500, 3],
      [503, 4],
    ]);
  });

  it('never retries a 4xx other than 429, nor an error that is not the remote', async () => {
    for (const failure of [remote(400), remote(404), remote(409), new Error('bug'), new TypeError('bad')]) {
      const { operation, state } = scripted([failure]);
      const { run, pauses } = recording();
      await expect(run(operation)).rejects.toBe(failure);
      expect(state.calls).toBe(1);
      expect(pauses).toEqual([]);
    }
  });

  it('tries `attempts` times in all (default 5), then throws the last error', async () => {
    const failures = Array.from({ length: 9 }, (_, index) => remote(500 + index));
    for (const [attempts, calls] of [
      [undefined, 5],
      [1, 1],
      [0, 1],
      [3, 3],
    ] as const) {
      const { operation, state } = scripted(failures);
      const { run } = recording(attempts === undefined ? {} : { attempts });
      await expect(run(operation)).rejects.toBe(failures[calls - 1]);
      expect(state.calls).toBe(calls);
    }
  });

  it('pauses for Retry-After when given (capped at maxDelayMs), else doubling backoff with jitter', async () => {
    const { operation } = scripted([remote(429, 1200), remote(503, 0), remote(500), remote(500), remote(500)]);
    const { run, pauses, told } = recording({ attempts: 6, baseDelayMs: 100, maxDelayMs: 1000 });
    expect(await run(operation)).toBe('ok');
    expect(told.map((entry) => entry.delay).slice(0, 2)).toEqual([1200, 0]);
    expect(pauses.slice(0, 2)).toEqual([1000, 0]);
    // Attempts 3 to 5 back off from 400, 800 and then the cap, 1000: each between half and all of it.
    for (const [index, backoff] of [400, 800, 1000].entries()) {
      const pause = pauses[index + 2]!;
      expect(pause).toBeGreaterThanOrEqual(backoff / 2);
      expect(pause).toBeLessThanOrEqual(backoff);
    }
  });

  it('stops retrying once the signal is aborted and throws the remote error, not an AbortError', async () => {
    const controller = new AbortController();
    const first = remote(503);
    const calls = { count: 0 };
    const operation = () => {
      calls.count += 1;
      controller.abort();
      return Promise.reject(first);
    };
    await expect(recording({ signal: controller.signal }).run(operation)).rejects.toBe(first);
    expect(calls.count).toBe(1);
  });

  it('returns an answer that arrives after the signal was aborted: the caller must learn what the remote did', async () => {
    const controller = new AbortController();
    const { run } = recording({ signal: controller.signal });
    const answer = await run(() => {
      controller.abort();
      return Promise.resolve({ id: 7 });
    });
    expect(answer).toEqual({ id: 7 });
  });
});

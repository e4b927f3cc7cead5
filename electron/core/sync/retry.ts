import pRetry from 'p-retry';
import { RemoteError } from './remoteError.js';

export interface RetryOptions {
  /** Tries in all, the first included (default 5). */
  attempts?: number;
  /** The first pause; each next one doubles, with jitter, up to `maxDelayMs` (default 250 ms). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told before each pause, e.g. for progress lines. */
  onRetry?: (error: RemoteError, attempt: number, delayMs: number) => void;
  signal?: AbortSignal;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The first pause when the caller names none: 250 ms, or OUTPOST_TEST_RETRY_BASE_MS. That variable
 * is a test hook: the fault and kill tests run whole `outpost sync` processes, whose clock they
 * cannot fake, and their point is what a run leaves behind, not how long it pauses (the pauses
 * themselves are tested with a fake sleep). A Retry-After is honoured either way.
 */
function defaultBaseDelayMs(): number {
  const fromTest = Number(process.env.OUTPOST_TEST_RETRY_BASE_MS);
  return Number.isFinite(fromTest) && fromTest > 0 ? fromTest : 250;
}

/**
 * Runs `operation` until it succeeds, retrying on network errors, 5xx and 429 (honouring
 * Retry-After) with exponential backoff. Other failures, and the last retryable one, are thrown.
 *
 * The loop and the attempt count are p-retry's. The pause is ours, taken in `shouldRetry` with
 * p-retry's own delay at 0: p-retry computes every delay from its formula, and a 429's or 503's
 * Retry-After must win over it. The signal is not handed to p-retry either: it would turn an
 * answer that arrived as the run was cancelled into an AbortError, and a push must learn what the
 * remote created. A cancelled run stops retrying and gets the remote's error instead.
 */
export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const base = options.baseDelayMs ?? defaultBaseDelayMs();
  const max = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  return pRetry(() => operation(), {
    retries: Math.max(0, (options.attempts ?? 5) - 1),
    minTimeout: 0,
    shouldRetry: async ({ error, attemptNumber }) => {
      if (!(error instanceof RemoteError) || !error.retryable || options.signal?.aborted) return false;
      const backoff = Math.min(max, base * 2 ** (attemptNumber - 1));
      const delay = error.retryAfterMs ?? backoff / 2 + Math.random() * (backoff / 2);
      options.onRetry?.(error, attemptNumber, delay);
      await sleep(Math.min(delay, max));
      return true;
    },
  });
}

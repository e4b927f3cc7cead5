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
 * Runs `operation` until it succeeds, retrying on network errors, 5xx and 429 (honouring
 * Retry-After) with exponential backoff. Other failures, and the last retryable one, are thrown.
 */
export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const base = options.baseDelayMs ?? 250;
  const max = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof RemoteError) || !error.retryable || attempt >= attempts || options.signal?.aborted) {
        throw error;
      }
      const backoff = Math.min(max, base * 2 ** (attempt - 1));
      const delay = error.retryAfterMs ?? backoff / 2 + Math.random() * (backoff / 2);
      options.onRetry?.(error, attempt, delay);
      await sleep(Math.min(delay, max));
    }
  }
}

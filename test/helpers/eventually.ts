import { expect } from 'vitest';

/*
 * Waiting in tests: every assertion on something that can still change (a page, a server's
 * state) is retried until it holds or the time is up, as Playwright's web-first assertions are.
 * A value read once after a wait can be the previous state's, which passes on a quiet machine
 * and fails on a loaded one. The lint rules in test/lint/testWaitRules.js refuse the one-shot
 * form and fixed sleeps everywhere else.
 */

/** Long enough for a loaded two-core machine; a passing assertion returns at its first success. */
export const EVENTUALLY_TIMEOUT_MS = 15_000;
const POLL_INTERVAL_MS = 50;

export interface EventuallyOptions {
  timeout?: number;
  /** Says what was being waited for when the time runs out. */
  message?: string;
  /** Between reads, for a read that acts (scrolls a list) as well as looks. */
  interval?: number;
}

/**
 * `await expectEventually(() => locator.textContent()).toBe('3 tasks')`: reads the value again
 * until the matcher passes (vitest's expect.poll, with a timeout fit for browser tests).
 */
export function expectEventually<T>(read: () => T | Promise<T>, options: EventuallyOptions = {}) {
  return expect.poll(read, {
    timeout: options.timeout ?? EVENTUALLY_TIMEOUT_MS,
    interval: options.interval ?? POLL_INTERVAL_MS,
    message: options.message,
  });
}

/** Waits until `condition` returns a truthy value (and returns it), or fails naming `what`. */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  what: string,
  timeout = EVENTUALLY_TIMEOUT_MS,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

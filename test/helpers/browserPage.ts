import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a page did that a test must check: every request, failed responses and logged errors. */
export interface PageRecord {
  requests: string[];
  failed: string[];
  errors: string[];
}

/** A 4xx/5xx response a test provokes on purpose, and the console error Chromium logs for it. */
export interface AllowedFailure {
  status: number;
  /** Matched against the URL's pathname. */
  path: RegExp;
  /** The request's method; a console message does not tell it, so there any method matches. */
  method?: string;
  /** Allowed only while this returns true (default: always). */
  when?: () => boolean;
}

/** Either a list of allowed failures or a predicate on a failure's status and URL. */
export type ExpectedFailures = readonly AllowedFailure[] | ((status: number, url: string) => boolean);

export interface CleanOptions {
  /** How many requests the page must have made, at least one more than this (default 0). */
  moreThan?: number;
  /** Whether data: URLs are left out of the same-origin check (default true). */
  allowDataUrls?: boolean;
  /** Whether blob: URLs, whatever origin they carry, are left out of the same-origin check (default false). */
  allowBlobUrls?: boolean;
}

export interface RecordedPage {
  context: BrowserContext;
  page: Page;
  record: PageRecord;
  /** Asserts every request stayed on `origin`, nothing failed and nothing was logged as an error. */
  expectClean(origin: string, options?: CleanOptions): void;
}

function allows(expected: ExpectedFailures, status: number, url: string, method?: string): boolean {
  if (typeof expected === 'function') return expected(status, url);
  const path = url ? new URL(url).pathname : '';
  return expected.some(
    (allowed) =>
      allowed.status === status &&
      (method === undefined || allowed.method === undefined || allowed.method === method) &&
      allowed.path.test(path) &&
      (allowed.when?.() ?? true),
  );
}

/**
 * Records into `record` the requests, 4xx/5xx responses, console errors and page errors of `page`;
 * `expected` allows the failures the test provokes on purpose. `label` prefixes its errors.
 */
export function recordPage(page: Page, record: PageRecord, expected: ExpectedFailures = [], label = ''): void {
  page.on('request', (request) => record.requests.push(request.url()));
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && !allows(expected, status, response.url(), response.request().method())) {
      record.failed.push(`${label}${status} ${response.url()}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const at = message.location().url;
    // Chromium logs each 4xx fetch as a console error; those the test expects are allowed.
    const status = /status of (\d{3})/.exec(message.text())?.[1];
    if (status && at && allows(expected, Number(status), at)) return;
    record.errors.push(`${label}console: ${message.text()} (${at})`);
  });
  page.on('pageerror', (error) => record.errors.push(`${label}pageerror: ${error.message}`));
}

/** The assertions every browser test ends with: see `RecordedPage.expectClean`. */
export function expectCleanRecord(record: PageRecord, origin: string, options: CleanOptions = {}): void {
  const { moreThan = 0, allowDataUrls = true, allowBlobUrls = false } = options;
  expect(record.requests.length).toBeGreaterThan(moreThan);
  // A blob: address names memory in this browser, made by the app or by its sandboxed editor
  // frame (whose opaque origin is "null"): it reaches no server, so those count as the app's own.
  const isOwnBlob = (url: string) => url.startsWith('blob:') && [origin, 'null'].includes(new URL(url).origin);
  const elsewhere = record.requests.filter(
    (url) =>
      !(allowDataUrls && url.startsWith('data:')) &&
      !(allowBlobUrls && url.startsWith('blob:')) &&
      !isOwnBlob(url) &&
      new URL(url).origin !== origin,
  );
  // The lists go into the messages too: a CI log keeps the failing line, not always the diff.
  expect(elsewhere, `requests elsewhere: ${elsewhere.join(' | ')}`).toEqual([]);
  expect(record.failed, `failed responses: ${record.failed.join(' | ')}`).toEqual([]);
  expect(record.errors, `errors logged: ${record.errors.join(' | ')}`).toEqual([]);
}

/**
 * A fresh 1280x720 context and page whose requests, 4xx/5xx responses, console errors and page
 * errors are recorded. `expected` lets a test allow the failures it provokes on purpose.
 */
export async function openRecordedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  expected: ExpectedFailures = [],
): Promise<RecordedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...options });
  const page = await context.newPage();
  const record: PageRecord = { requests: [], failed: [], errors: [] };
  recordPage(page, record, expected);
  return {
    context,
    page,
    record,
    expectClean: (origin, cleanOptions) => expectCleanRecord(record, origin, cleanOptions),
  };
}

/**
 * Waits until the page's animations and transitions (the theme's colour fades) have ended. One
 * that is cancelled, because a newer style change replaced it, rejects its `finished` with an
 * AbortError: that one has ended too, so it is waited for no further.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page
    .locator('html')
    .evaluate((root) =>
      Promise.all(
        root
          .getAnimations({ subtree: true })
          .map((animation: { finished: Promise<unknown> }) => animation.finished.catch(() => undefined)),
      ),
    );
}

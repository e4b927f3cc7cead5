import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a page did that a test must check: every request, failed responses and logged errors. */
export interface PageRecord {
  requests: string[];
  failed: string[];
  errors: string[];
}

export interface RecordedPage {
  page: Page;
  record: PageRecord;
  /** Asserts every request stayed on `origin`, nothing failed and nothing was logged as an error. */
  expectClean(origin: string): void;
}

/**
 * A fresh 1280x720 context and page whose requests, 4xx/5xx responses, console errors and page
 * errors are recorded. `expected` lets a test allow the failures it provokes on purpose.
 */
export async function openRecordedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  expected: (status: number, url: string) => boolean = () => false,
): Promise<RecordedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...options });
  const page = await context.newPage();
  const record: PageRecord = { requests: [], failed: [], errors: [] };
  page.on('request', (request) => record.requests.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400 && !expected(response.status(), response.url())) {
      record.failed.push(`${response.status()} ${response.url()}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const at = message.location().url;
    // Chromium logs each 4xx fetch as a console error; those the test expects are allowed.
    const status = /status of (\d{3})/.exec(message.text())?.[1];
    if (status && at && expected(Number(status), at)) return;
    record.errors.push(`console: ${message.text()} (${at})`);
  });
  page.on('pageerror', (error) => record.errors.push(`pageerror: ${error.message}`));
  return {
    page,
    record,
    expectClean(origin: string) {
      expect(record.requests.length).toBeGreaterThan(0);
      expect(record.requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
      expect(record.failed).toEqual([]);
      expect(record.errors).toEqual([]);
    },
  };
}

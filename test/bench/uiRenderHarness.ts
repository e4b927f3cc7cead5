import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';

/*
 * A reusable harness for UI render benchmarks: `outpost serve` on a temporary data directory
 * (the built app: run `npm run build` first), a headless Chromium signed in through the login
 * link, and timing helpers that navigate from a blank page and wait for a selector.
 */

/** What "rendered" means: a visible element, optionally inside a frame, optionally with a text. */
export type ReadyCheck = string | { frame?: string; selector: string; text?: string };

/*
 * Checked in the page on every animation frame: Playwright's own locator polling backs off to
 * 500 ms between tries, which would round every figure up to its next poll.
 */
interface ReadyElement {
  getBoundingClientRect(): { width: number; height: number };
  textContent: string | null;
}
interface ReadyDocument {
  querySelectorAll(selector: string): ArrayLike<ReadyElement>;
}

/** Runs in the page or its frame (passed as a function, so their CSP does not apply to it). */
function isReady(spec: { selector: string; text?: string }): boolean {
  const root = (globalThis as unknown as { document: ReadyDocument }).document;
  return Array.from(root.querySelectorAll(spec.selector)).some((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (!spec.text || element.textContent?.trim() === spec.text);
  });
}

export interface UiHarness {
  cli: SpawnedCli;
  origin: string;
  dataDir: string;
  /** The server's SQLite file, for seeding data directly. */
  databasePath: string;
  browser: Browser;
  page: Page;
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Milliseconds from leaving about:blank to `ready` holding at `url`. */
  measure(url: string, ready: ReadyCheck): Promise<number>;
  /** `measure` repeated; the samples sorted ascending. */
  sample(url: string, ready: ReadyCheck, runs: number): Promise<number[]>;
  close(): Promise<void>;
}

export async function startUiHarness(viewport = { width: 1280, height: 720 }): Promise<UiHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-ui-bench-'));
  const cli = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
  const origin = new URL(cli.url).origin;
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(cli.login, { waitUntil: 'load' });

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${cli.url}${path}`, {
      method,
      headers: { Authorization: `Token ${cli.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  async function waitUntilReady(spec: { frame?: string; selector: string; text?: string }): Promise<void> {
    if (!spec.frame) {
      await page.waitForFunction(
        isReady,
        { selector: spec.selector, text: spec.text },
        { polling: 'raf', timeout: 60_000 },
      );
      return;
    }
    // The editor's frame is sandboxed without same-origin access (an opaque origin): this page
    // cannot read its document, so the check runs in the frame itself, on the frame's animation frames.
    const element = await page.waitForSelector(spec.frame, { state: 'attached', timeout: 60_000 });
    const frame = await element.contentFrame();
    if (!frame) throw new Error(`${spec.frame} is not a frame`);
    await frame.waitForFunction(
      isReady,
      { selector: spec.selector, text: spec.text },
      { polling: 'raf', timeout: 60_000 },
    );
  }

  async function measure(url: string, ready: ReadyCheck): Promise<number> {
    const spec = typeof ready === 'string' ? { selector: ready } : ready;
    await page.goto('about:blank');
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await waitUntilReady(spec);
    return performance.now() - start;
  }

  async function sample(url: string, ready: ReadyCheck, runs: number): Promise<number[]> {
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await measure(url, ready));
    return samples.sort((a, b) => a - b);
  }

  return {
    cli,
    origin,
    dataDir,
    databasePath: join(dataDir, 'outpost.db'),
    browser,
    page,
    api,
    measure,
    sample,
    close: async () => {
      await browser.close();
      await cli.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function median(sorted: number[]): number {
  return sorted[sorted.length >> 1]!;
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

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

export interface UiHarness {
  cli: SpawnedCli;
  origin: string;
  dataDir: string;
  /** The server's SQLite file, for seeding data directly. */
  databasePath: string;
  browser: Browser;
  page: Page;
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Milliseconds from leaving about:blank to `readySelector` being visible at `url`. */
  measure(url: string, readySelector: string): Promise<number>;
  /** `measure` repeated; the samples sorted ascending. */
  sample(url: string, readySelector: string, runs: number): Promise<number[]>;
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

  async function measure(url: string, readySelector: string): Promise<number> {
    await page.goto('about:blank');
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 60_000 });
    return performance.now() - start;
  }

  async function sample(url: string, readySelector: string, runs: number): Promise<number[]> {
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await measure(url, readySelector));
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

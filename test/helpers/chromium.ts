import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** Debian's chromium package; Playwright's own browser downloads are not reachable from CI. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags that make Chromium run headless on the build machines (see design/environment.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function isChromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    headless: true,
    ...options,
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}

import { accessSync, constants } from 'node:fs';
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

/** How .ci/run installs it. */
export const CHROMIUM_INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/**
 * Throws, naming the install command, when there is no Chromium to run at `path`: a browser test
 * without a browser fails, so a machine without one cannot pass the suite by skipping it.
 */
export function requireChromium(path: string = CHROMIUM_PATH): void {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(
      `The browser tests need Chromium at ${path}, and there is none. Install it: ${CHROMIUM_INSTALL_COMMAND}`,
    );
  }
}

/** Every browser test starts Chromium here, so each fails the same way when it is missing. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  requireChromium(executablePath);
  return chromium.launch({
    headless: true,
    ...options,
    executablePath,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}

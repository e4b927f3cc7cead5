import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/*
 * Debian's chromium-headless-shell package: the same Blink as the chromium package without the
 * desktop browser around it, as Playwright runs headless tests by default. Its browser process
 * does less per page: the two labeling files' browser CPU fell by a fifth (60 -> 48 CPU-seconds)
 * on machines where the browser tests are CPU-bound. Playwright's own browser downloads are not
 * reachable from CI.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

/** The flags that make Chromium run headless on the build machines (no sandbox, GPU, background traffic). */
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
export const CHROMIUM_INSTALL_COMMAND = 'sudo apt-get install -y chromium-headless-shell';

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

/*
 * One renderer process for a page and its frames rather than one per site. The suite's pages embed
 * the editor from a second loopback origin, and a process per origin cost about a quarter of
 * Chromium's CPU in the labeling files (29 -> 21 CPU-seconds), on machines where the browser tests
 * are CPU-bound. Which origin may read what does not change: that is the same-origin policy, the
 * frame's sandbox and the content security policy, not the process model. The files that test what
 * a hostile page can reach still run the browser as users have it (`siteIsolation: true`).
 */
const ONE_PROCESS_PER_PAGE = ['--disable-site-isolation-trials', '--disable-features=site-per-process,IsolateOrigins'];

export interface ChromiumOptions extends LaunchOptions {
  /** Keep Chromium's site isolation (a process per site), as in the browsers users run. */
  siteIsolation?: boolean;
}

/** Every browser test starts Chromium here, so each fails the same way when it is missing. */
export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  const { siteIsolation = false, ...launch } = options;
  const executablePath = launch.executablePath ?? CHROMIUM_PATH;
  requireChromium(executablePath);
  return chromium.launch({
    headless: true,
    ...launch,
    executablePath,
    args: [...CHROMIUM_ARGS, ...(siteIsolation ? [] : ONE_PROCESS_PER_PAGE), ...(launch.args ?? [])],
  });
}

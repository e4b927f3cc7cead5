import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage } from '../helpers/browserPage.js';
import { isChromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import type { SpawnedCli } from '../helpers/spawnCli.js';

/** Without a display, `outpost start` must fall back to browser mode even where Electron is installed. */
function envWithoutDisplay(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

describe.skipIf(!isChromiumAvailable())('outpost start in browser mode, in Chromium', () => {
  let server: E2eServer | null = null;
  let cli: SpawnedCli | null = null;
  let browser: Browser | null = null;

  beforeAll(async () => {
    server = await startE2eServer('browser-mode', {
      command: ['start'],
      args: ['--no-browser'],
      env: envWithoutDisplay(),
    });
    cli = server.cli;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says on stderr that it is starting in browser mode, and why', () => {
    const stderr = cli!.stderr();
    expect(stderr).toContain('browser mode');
    expect(stderr).toMatch(/starting in browser mode because \S.*\./);
    expect(stderr).toContain('Open the LOGIN link above in your browser');
  });

  it('prints a loopback URL on a free port and both tokens', () => {
    const url = new URL(cli!.url);
    expect(url.protocol).toBe('http:');
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(0);
    expect(cli!.token.length).toBeGreaterThanOrEqual(20);
    expect(cli!.pat.length).toBeGreaterThanOrEqual(20);
    expect(cli!.pat).not.toBe(cli!.token);
  });

  it('serves the UI, which shows the running server, stays on its own origin and logs no errors', async () => {
    const { origin } = server!;
    const { context, page, record, expectClean } = await openRecordedPage(browser!);

    try {
      // The LOGIN link signs the browser in and lands on the app, without the token in the address.
      const response = await page.goto(cli!.login, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      expect(page.url()).toBe(`${origin}/`);
      const session = (await context.cookies()).find((cookie) => cookie.name === 'outpost_session');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      const whoami = await page.evaluate(async () => (await fetch('/api/current-user/whoami')).status);
      expect(whoami).toBe(200);
      const headers = response!.headers();
      expect(headers['content-type']).toMatch(/^text\/html/);
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("connect-src 'self'");

      const status = page.locator('[data-testid="server-status"]');
      await status.waitFor({ state: 'visible', timeout: 15_000 });
      const text = await status.textContent();
      expect(text).toContain('Local server is running');
      expect(text).toContain('1.22.0');
      await page.waitForLoadState('networkidle');

      expect(record.requests).toContain(`${origin}/api/version`);
      expectClean(origin, { moreThan: 1, allowDataUrls: false });
    } finally {
      await context.close();
    }
  });
  it('stops on SIGTERM with exit code 0', async () => {
    const running = cli!;
    cli = null;
    await expect(running.stop()).resolves.toBe(0);
    await expect(fetch(`${running.url}/api/version`)).rejects.toThrow();
  });
});

import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import type { SpawnedCli } from '../helpers/spawnCli.js';
import { expectEventually } from '../helpers/eventually.js';

/** A used LOGIN link is refused with a 403 page on purpose. */
const USED_LINK = [{ status: 403, path: /^\/login$/ }];
/** Once the session cookie is gone, every API call the page makes (the project list, any polling) is refused. */
let isCookieCleared = false;
const SIGNED_OUT = [{ status: 401, path: /^\/api\//, when: () => isCookieCleared }];

/** The colors of the page's body, to tell a styled page from the browser's default black on white. */
function bodyColors(page: Page): Promise<{ backgroundColor: string; color: string }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { backgroundColor: style.backgroundColor, color: style.color };
  });
}

/** Without a display, `outpost start` must fall back to browser mode even where Electron is installed. */
function envWithoutDisplay(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

describe('outpost start in browser mode, in Chromium', () => {
  let server: E2eServer | null = null;
  let cli: SpawnedCli | null = null;
  let browser: Browser | null = null;
  /** The browser the LOGIN link signed in, kept for the used-link case. */
  let signedIn: RecordedPage | null = null;

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
    await signedIn?.context.close();
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

  it('tells a browser that opens the plain URL how to sign in, on a styled page in both themes', async () => {
    const { origin } = server!;
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, expectClean } = await openRecordedPage(browser!, { colorScheme });
      try {
        const response = await page.goto(cli!.url, { waitUntil: 'load' });
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
        await page.getByRole('heading', { name: 'Sign in to Outpost', level: 1 }).waitFor();
        const text = (await page.locator('main').textContent()) ?? '';
        expect(text).toContain(`LOGIN: ${origin}/login?token=…`);
        expect(text).toContain('start it again');
        expect(text).not.toContain('Authentication credentials were not provided');
        await expectEventually(() => page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
        // Styled, in the theme the system asks for (a CSP-refused style sheet would leave it white and black).
        await expectEventually(() => bodyColors(page)).toEqual(
          colorScheme === 'light'
            ? { backgroundColor: 'rgb(245, 246, 248)', color: 'rgb(27, 31, 36)' }
            : { backgroundColor: 'rgb(20, 23, 28)', color: 'rgb(230, 233, 238)' },
        );
        await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `sign-in-${colorScheme}.png`) });
        expect((await context.cookies()).find((cookie) => cookie.name === 'outpost_session')).toBeUndefined();
        expectClean(origin, { allowDataUrls: false });
      } finally {
        await context.close();
      }
    }
  });

  it('serves the UI, which shows the running server, stays on its own origin and logs no errors', async () => {
    const { origin } = server!;
    signedIn = await openRecordedPage(browser!, {}, SIGNED_OUT);
    const { context, page, record, expectClean } = signedIn;

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
    await expectEventually(() => status.textContent()).toContain('Local server is running');
    await expectEventually(() => status.textContent()).toContain('1.22.0');
    await page.waitForLoadState('networkidle');

    expect(record.requests).toContain(`${origin}/api/version`);
    expectClean(origin, { moreThan: 1, allowDataUrls: false });
  });

  it('opens the app when the used LOGIN link is opened again in the browser it signed in', async () => {
    const { page, expectClean } = signedIn!;
    const response = await page.goto(cli!.login, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${server!.origin}/`);
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    expectClean(server!.origin, { moreThan: 1, allowDataUrls: false });
  });

  it('says on a styled page that a used LOGIN link cannot sign in another browser, and how to get a new one', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, expectClean } = await openRecordedPage(browser!, { colorScheme }, USED_LINK);
      try {
        const response = await page.goto(cli!.login, { waitUntil: 'load' });
        expect(response?.status()).toBe(403);
        await page.getByRole('heading', { name: 'This sign-in link cannot be used again', level: 1 }).waitFor();
        const text = (await page.locator('main').textContent()) ?? '';
        expect(text).toContain('expired or was already used');
        expect(text).toContain('start it again');
        expect((await bodyColors(page)).backgroundColor).toBe(
          colorScheme === 'light' ? 'rgb(245, 246, 248)' : 'rgb(20, 23, 28)',
        );
        await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `sign-in-used-link-${colorScheme}.png`) });
        expect((await context.cookies()).find((cookie) => cookie.name === 'outpost_session')).toBeUndefined();
        expectClean(server!.origin, { allowDataUrls: false });
      } finally {
        await context.close();
      }
    }
  });

  it('says when the browser is no longer signed in, and a reload shows how to sign in again', async () => {
    const { context, page, expectClean } = signedIn!;
    await context.clearCookies();
    isCookieCleared = true;
    await page.getByRole('searchbox', { name: 'Search projects by title' }).fill('any');
    const notice = page.getByRole('alert').filter({ hasText: 'This browser is no longer signed in to Outpost.' });
    await notice.waitFor();
    await expectEventually(() => page.getByText('Authentication credentials were not provided').count()).toBe(0);
    await expectEventually(() => page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Sign in to Outpost', level: 1 }).waitFor();
    expectClean(server!.origin, { moreThan: 1, allowDataUrls: false });
    // No browser stays connected while the server is stopped below.
    await context.close();
    signedIn = null;
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const running = cli!;
    cli = null;
    await expect(running.stop()).resolves.toBe(0);
    await expect(fetch(`${running.url}/api/version`)).rejects.toThrow();
  });
});

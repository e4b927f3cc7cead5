import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage, recordPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

describe('app settings in the desktop app (its preload bridge stubbed), in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let legacyToken: string;

  beforeAll(async () => {
    server = await startE2eServer('app-settings-desktop');
    legacyToken = server.cli.token;
    browser = await launchChromium();
    // Signed in through the LOGIN link: the desktop window below takes this session's cookie.
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    await recorded.page.goto(server.cli.login, { waitUntil: 'load' });
    await recorded.page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses to reset the token it runs on and offers "Show in folder"', async () => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
    // The preload's bridge, as the renderer sees it: the server URL and token, and a reveal call.
    await desktop.addInitScript(
      ({ url, token }) => {
        const revealed: string[] = [];
        Object.assign(window, {
          outpostRevealed: revealed,
          outpost: {
            getServerInfo: () => Promise.resolve({ url, token }),
            revealInFolder: (path: string) => {
              revealed.push(path);
              return Promise.resolve();
            },
          },
        });
      },
      { url: server.cli.url, token: legacyToken },
    );
    // The desktop window starts at a sign-in link too (media need its cookie): it has a session.
    await desktop.addCookies(await recorded.context.cookies());
    const app = await desktop.newPage();
    recordPage(app, recorded.record, [], 'desktop ');
    await app.goto(`${server.origin}/#/settings`, { waitUntil: 'load' });
    const reset = app.getByRole('button', { name: 'Reset token…' });
    await reset.waitFor();
    await expectEventually(() => reset.isDisabled()).toBe(true);
    const why = await reset.getAttribute('aria-describedby');
    await expectEventually(() => app.locator(`[id="${why}"]`).textContent()).toContain(
      'cannot be reset while the app runs',
    );
    await app.getByRole('button', { name: 'Show in folder' }).click();
    await app.waitForFunction(() => (window as unknown as { outpostRevealed: string[] }).outpostRevealed.length > 0);
    const revealed = await app.evaluate(() => (window as unknown as { outpostRevealed: string[] }).outpostRevealed);
    expect(revealed).toEqual([join(resolve(server.dataDir), 'outpost.db')]);
    await app.getByRole('region', { name: 'API tokens' }).screenshot({
      path: join(SCREENSHOTS, 'app-settings-desktop-tokens-light.png'),
    });
    await desktop.close();
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { dismissToasts } from '../helpers/toasts.js';
import { expectEventually } from '../helpers/eventually.js';

/** The test asks for a second PAT on purpose: the server's 409 is the answer under test. */
const REFUSED_SECOND_TOKEN = [{ status: 409, method: 'POST', path: /^\/api\/token\/$/ }];

describe('app settings in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let legacyToken: string;

  /** A PAT traded for a 5-minute access token at /api/token/refresh/. */
  async function refresh(pat: string): Promise<Response> {
    return fetch(`${server.cli.url}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: pat }),
    });
  }

  async function whoamiStatus(authorization: string): Promise<number> {
    return (await fetch(`${server.cli.url}/api/current-user/whoami`, { headers: { Authorization: authorization } }))
      .status;
  }

  const card = (name: string) => page.getByRole('region', { name });
  const legacyField = () => page.getByRole('textbox', { name: 'Legacy token' });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  /** Before a screenshot: no toast over the page, no theme transition half done, scrolled to the top. */
  async function settle(): Promise<void> {
    await dismissToasts(page);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.locator('#main').evaluate((main) => main.scrollTo(0, 0));
  }

  beforeAll(async () => {
    server = await startE2eServer('app-settings');
    legacyToken = server.cli.token;
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' }, REFUSED_SECOND_TOKEN);
    await recorded.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    ({ page } = recorded);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens from the header and shows the data folder the server was started on', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/settings');
    const folder = card('Data folder').getByRole('textbox', { name: 'Data folder' });
    await folder.waitFor();
    await expectEventually(() => folder.inputValue()).toBe(resolve(server.dataDir));
    // Browser mode: no Electron bridge, so no "Show in folder"; the way to move it is explained.
    await expectEventually(() => card('Data folder').getByRole('button', { name: 'Show in folder' }).count()).toBe(0);
    await card('Data folder').getByText('outpost serve --data <new folder>').waitFor();
    await card('Data folder').getByRole('button', { name: 'Copy the data folder path' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied the data folder path' }).waitFor();
    await expectEventually(() => clipboard()).toBe(resolve(server.dataDir));
  });

  it('masks the legacy token until revealed, and copies it', async () => {
    // The API, signed in with the PAT the CLI printed, tells which token to expect.
    const { access } = (await (await refresh(server.cli.pat)).json()) as { access: string };
    const viaApi = (await (
      await fetch(`${server.cli.url}/api/current-user/token`, { headers: { Authorization: `Bearer ${access}` } })
    ).json()) as { token: string };
    expect(viaApi.token).toBe(server.cli.token);

    await legacyField().waitFor();
    await expectEventually(() => legacyField().inputValue()).toContain('•');
    const masked = await legacyField().inputValue();
    expect(masked).not.toContain(server.cli.token);
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expectEventually(() => legacyField().inputValue()).toBe(viaApi.token);
    await expectEventually(() => page.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Copy the legacy token' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied the legacy token' }).waitFor();
    await expectEventually(() => clipboard()).toBe(viaApi.token);
    await page.getByRole('button', { name: 'Hide' }).click();
    await expectEventually(() => legacyField().inputValue()).toBe(masked);
  });

  it('resets the legacy token after a confirmation: the old one is refused, the UI stays signed in', async () => {
    await page.getByRole('button', { name: 'Reset token…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset the legacy token?' });
    await confirm.waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'app-settings-reset-token-light.png') });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await whoamiStatus(`Token ${server.cli.token}`)).toBe(200);

    await page.getByRole('button', { name: 'Reset token…' }).click();
    await confirm.getByRole('button', { name: 'Reset token' }).click();
    await page.getByRole('status').filter({ hasText: 'Created a new legacy token' }).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    // The new token, once the field shows it (the old one is 40 hex digits too).
    const newToken = async () => {
      const value = await legacyField().inputValue();
      return /^[0-9a-f]{40}$/.test(value) && value !== server.cli.token ? value : null;
    };
    await expectEventually(newToken).not.toBeNull();
    const shown = (await newToken())!;
    expect(await whoamiStatus(`Token ${server.cli.token}`)).toBe(401);
    expect(await whoamiStatus(`Token ${shown}`)).toBe(200);
    legacyToken = shown;

    // The browser is signed in by its session cookie, not by the token: a reload still works.
    await page.reload({ waitUntil: 'load' });
    await legacyField().waitFor();
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expectEventually(() => legacyField().inputValue()).toBe(legacyToken);
  });

  it('offers one personal access token at a time, says it never expires, revokes, creates and shows it once', async () => {
    const tokens = card('API tokens').getByRole('list', { name: 'Personal access tokens' });
    await tokens.getByRole('listitem').first().waitFor();
    await expectEventually(() => tokens.getByRole('listitem').count()).toBe(1);
    // Label Studio's PATs last 200 years, its way of saying "never": no date centuries away.
    await expectEventually(() => tokens.getByRole('listitem').first().textContent()).toContain('Never expires');
    await expectEventually(() => tokens.textContent()).not.toMatch(/Expires|22\d\d/);

    // The CLI already made one: Create is off, and says why, before any click.
    const create = page.getByRole('button', { name: 'Create token' });
    await expectEventually(() => create.isDisabled()).toBe(true);
    const why = await create.getAttribute('aria-describedby');
    await expectEventually(() => page.locator(`[id="${why}"]`).textContent()).toBe(
      'To create a new token, revoke the one you have.',
    );

    await tokens.getByRole('button', { name: /^Revoke the token created / }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('status').filter({ hasText: 'Revoked the token created' }).waitFor();
    await card('API tokens').getByText('No personal access tokens.').waitFor();
    expect((await refresh(server.cli.pat)).status).toBe(401);
    await expectEventually(() => create.isDisabled()).toBe(false);
    await expectEventually(() => create.getAttribute('aria-describedby')).toBeNull();

    // Another client made one meanwhile: the server's 409 is shown as it says it, and Create turns off.
    // (The legacy token was reset above, so the server helper's token no longer works.)
    const made = await fetch(`${server.cli.url}/api/token/`, {
      method: 'POST',
      headers: { Authorization: `Token ${legacyToken}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(made.status).toBe(201);
    const elsewhere = (await made.json()) as { token: string };
    await create.click();
    await card('API tokens')
      .getByRole('alert')
      .filter({ hasText: 'You already have a valid token. Please revoke it before creating a new one.' })
      .waitFor();
    await tokens.getByRole('listitem').first().waitFor();
    await expectEventually(() => create.isDisabled()).toBe(true);
    await tokens.getByRole('button', { name: /^Revoke the token created / }).click();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await card('API tokens').getByText('No personal access tokens.').waitFor();
    expect((await refresh(elsewhere.token)).status).toBe(401);
    // Revoking the token it was about clears the refusal.
    await expectEventually(() => card('API tokens').getByRole('alert').count()).toBe(0);

    await create.click();
    const panel = page.getByRole('region', { name: 'New personal access token' });
    await panel.waitFor();
    await panel.getByText('Copy it now: you will not see it again.').waitFor();
    const pat = await panel.getByRole('textbox', { name: 'New personal access token' }).inputValue();
    expect(pat.split('.')).toHaveLength(3);
    await panel.getByRole('button', { name: 'Copy the new token' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied the new token' }).waitFor();
    await expectEventually(() => clipboard()).toBe(pat);
    const refreshed = await refresh(pat);
    expect(refreshed.status).toBe(200);
    const { access } = (await refreshed.json()) as { access: string };
    expect(await whoamiStatus(`Bearer ${access}`)).toBe(200);
    // The list shows it truncated, as the server gives it, and Create is off again.
    await tokens.getByRole('listitem').first().waitFor();
    await expectEventually(() => tokens.textContent()).not.toContain(pat.split('.')[2]);
    await expectEventually(() => create.isDisabled()).toBe(true);
    await settle();
    await panel.screenshot({ path: join(SCREENSHOTS, 'app-settings-new-token-light.png') });
    await card('API tokens').screenshot({ path: join(SCREENSHOTS, 'app-settings-tokens-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await settle();
    await card('API tokens').screenshot({ path: join(SCREENSHOTS, 'app-settings-tokens-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });

    await tokens.getByRole('button', { name: /^Revoke the token created / }).click();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await card('API tokens').getByText('No personal access tokens.').waitFor();
    expect((await refresh(pat)).status).toBe(401);
  });

  it('changes the theme here and in the header as one setting', async () => {
    const here = page.getByRole('group', { name: 'Color theme' });
    const header = page.getByRole('banner').getByRole('group', { name: 'Theme' });
    await here.getByRole('radio', { name: 'Dark' }).check();
    await expectEventually(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expectEventually(() => header.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await settle();
    await expectEventually(() => page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'app-settings-dark.png') });
    await card('Labeling shortcuts').screenshot({ path: join(SCREENSHOTS, 'app-settings-shortcuts-dark.png') });
    await card('Data folder').screenshot({ path: join(SCREENSHOTS, 'app-settings-data-folder-dark.png') });

    await header.getByRole('radio', { name: 'Light' }).check();
    await expectEventually(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await expectEventually(() => here.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await settle();
    await page.screenshot({ path: join(SCREENSHOTS, 'app-settings-light.png') });
    await card('Labeling shortcuts').screenshot({ path: join(SCREENSHOTS, 'app-settings-shortcuts-light.png') });
    await card('Data folder').screenshot({ path: join(SCREENSHOTS, 'app-settings-data-folder-light.png') });

    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expectEventually(() =>
      page.getByRole('group', { name: 'Color theme' }).getByRole('radio', { name: 'Light' }).isChecked(),
    ).toBe(true);
  });

  it('records a labeling shortcut, refuses one in use, and keeps it after a reload', async () => {
    const shortcuts = card('Labeling shortcuts');
    const row = shortcuts.getByRole('row', { name: /^Next task/ });
    const keysOf = () => row.locator('kbd').allTextContents();
    await expectEventually(() => keysOf()).toEqual(['→']);

    await shortcuts.getByRole('button', { name: 'Change the shortcut for Next task' }).click();
    const capture = shortcuts.getByRole('textbox', { name: 'New shortcut for Next task' });
    await capture.waitFor();
    await expectEventually(() => capture.evaluate((field) => field === field.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await capture.waitFor({ state: 'detached' });
    await expectEventually(() => keysOf()).toEqual(['→']);

    await shortcuts.getByRole('button', { name: 'Change the shortcut for Next task' }).click();
    await page.keyboard.press('Control+Enter');
    await shortcuts.getByRole('alert').filter({ hasText: 'Ctrl+Enter is already used by' }).waitFor();
    await capture.screenshot({ path: join(SCREENSHOTS, 'app-settings-shortcut-conflict-light.png') });
    await page.keyboard.press('Alt+n');
    await page.getByRole('status').filter({ hasText: '“Next task” is now Alt+N.' }).waitFor();
    await expectEventually(() => keysOf()).toEqual(['Alt', 'N']);

    await page.reload({ waitUntil: 'load' });
    await shortcuts.waitFor();
    await expectEventually(() => keysOf()).toEqual(['Alt', 'N']);
    const stored = await page.evaluate(() => localStorage.getItem('outpost.shortcuts'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ nextTask: 'Alt+N', submit: 'Ctrl+Enter' });

    await shortcuts.getByRole('button', { name: 'Restore defaults' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored the default shortcuts.' }).waitFor();
    await expectEventually(() => keysOf()).toEqual(['→']);
    await expectEventually(() => shortcuts.getByRole('button', { name: 'Restore defaults' }).isDisabled()).toBe(true);
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const START_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="topic" toName="text"><Choice value="Weather"/><Choice value="Sports"/></Choices>
</View>`;

describe.skipIf(!isChromiumAvailable())('live preview of the labeling config in the project settings', () => {
  let dataDir: string;
  let cli: SpawnedCli;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let projectId: number;
  const requests: string[] = [];
  const errors: string[] = [];

  const preview = () => page.frameLocator('iframe[title="Preview of the labeling interface"]');
  const previewChoice = (name: string) => preview().getByRole('checkbox', { name: new RegExp(name) });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-e2e-preview-'));
    mkdirSync(SCREENSHOTS, { recursive: true });
    cli = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
    origin = new URL(cli.url).origin;
    const response = await fetch(`${cli.url}/api/projects/`, {
      method: 'POST',
      headers: { Authorization: `Token ${cli.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Preview me', label_config: START_CONFIG }),
    });
    projectId = ((await response.json()) as { id: number }).id;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
    page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await page.goto(cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await cli?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the saved config in the editor on a sample task', async () => {
    await page.goto(`${cli.url}/#/projects/${projectId}/settings`);
    await previewChoice('Weather').waitFor({ timeout: 15_000 });
    expect(await previewChoice('Sports').count()).toBe(1);
    await page.getByRole('heading', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'config-preview-light.png') });
  });

  it('follows the config as it changes', async () => {
    await page.getByRole('button', { name: /Judge Sentiment/ }).click();
    await previewChoice('Positive').waitFor();
    expect(await previewChoice('Weather').count()).toBe(0);
    // The sample task gives the Text tag some text to show.
    await expect
      .poll(async () => (await preview().locator('.lsf-richtext__container').first().textContent())?.trim())
      .toBeTruthy();
    await page.screenshot({ path: join(SCREENSHOTS, 'config-preview-changed-light.png') });
  });

  it('says so when the bundled editor cannot show a config, instead of a broken pane', async () => {
    await page.getByRole('button', { name: /Rank Search Results/ }).click();
    await page
      .getByRole('dialog', { name: 'Replace the labeling config?' })
      .getByRole('button', { name: 'Replace config' })
      .click();
    const message = page.getByTestId('preview-message').filter({ hasText: 'cannot show this config' });
    await message.waitFor();
    expect(await message.textContent()).toContain('Bucket');
    expect(await page.locator('iframe[title="Preview of the labeling interface"]').count()).toBe(0);
  });

  it('looks right in the dark theme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
    await dark.addCookies(await context.cookies());
    const darkPage = await dark.newPage();
    darkPage.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await darkPage.goto(`${cli.url}/#/projects/${projectId}/settings`);
    const frame = darkPage.frameLocator('iframe[title="Preview of the labeling interface"]');
    await frame.getByRole('checkbox', { name: /Weather/ }).waitFor({ timeout: 15_000 });
    await darkPage.getByRole('heading', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
    await darkPage.screenshot({ path: join(SCREENSHOTS, 'config-preview-dark.png') });
    await dark.close();
  });

  it('made no request outside its origin, and logged no errors', () => {
    expect(requests.length).toBeGreaterThan(5);
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

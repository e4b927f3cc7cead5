import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, type AxeFinding } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { isChromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { IMAGE_FIXTURES } from '../helpers/imageExportContext.js';
const CAT_JPG = join(IMAGE_FIXTURES, 'media', 'upload', '1', '3f2a9c1e-cat.jpg');

const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="label" toName="image">' +
  '<Label value="Cat" background="#f59e0b"/><Label value="Dog" background="#3b82f6"/></RectangleLabels></View>';

/** The editor is Label Studio's own, in its own frame: the scan covers the app around it. */
const EDITOR_FRAME = 'iframe';

describe.skipIf(!isChromiumAvailable())('every page, in light and dark, with an accessibility scan', () => {
  let server: E2eServer;
  let browser: Browser;
  let projectId: number;
  let taskId: number;
  const findings: Record<string, AxeFinding[]> = {};

  beforeAll(async () => {
    server = await startE2eServer('tour');
    const project = await server.api<{ id: number }>('POST', '/api/projects/', {
      title: 'Street cats',
      description: 'Boxes around every cat in the street survey.',
      color: '#f59e0b',
      label_config: IMAGE_CONFIG,
    });
    projectId = project.id;
    const form = new FormData();
    form.append('file', new Blob([readFileSync(CAT_JPG)], { type: 'image/jpeg' }), 'cat.jpg');
    const imported = await server.api<{ task_ids?: number[] }>(
      'POST',
      `/api/projects/${projectId}/import?return_task_ids=true`,
      form,
    );
    taskId = imported.task_ids![0]!;
    await server.api('POST', '/api/projects/', { title: 'Review sentiment', color: '#3b82f6' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const pages = () => [
    { name: 'projects', hash: '#/' },
    { name: 'app-settings', hash: '#/settings' },
    { name: 'project-data', hash: `#/projects/${projectId}` },
    { name: 'project-import', hash: `#/projects/${projectId}/import` },
    { name: 'project-settings', hash: `#/projects/${projectId}/settings` },
    { name: 'labeling', hash: `#/projects/${projectId}/tasks/${taskId}` },
  ];

  it('renders every page in light and dark theme with no serious accessibility violations', async () => {
    // One context: the login link is single-use. The theme follows the system, emulated here.
    const recorded: RecordedPage = await openRecordedPage(browser, { colorScheme: 'light' });
    const { page } = recorded;
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.locator('main h1').first().waitFor({ timeout: 15_000 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const { name, hash } of pages()) {
        await page.goto(`${server.cli.url}/${hash}`, { waitUntil: 'load' });
        await page.locator('main h1').first().waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        // The app follows the emulated system theme through a matchMedia listener; on a loaded
        // machine that event can arrive after the page settles, so wait for it (and fail if never).
        await expect.poll(() => page.locator('html').getAttribute('data-theme'), { timeout: 5_000 }).toBe(theme);
        await page.screenshot({ path: join(SCREENSHOTS, `tour-${name}-${theme}.png`) });
        findings[`${name} (${theme})`] = await seriousAxeViolations(page, [EDITOR_FRAME]);
      }
    }
    // Keyboard users skip the header: the link moves focus to the page and keeps the route.
    await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`, { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    await page.locator('main h1').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.locator('#main:focus').count()).toBe(1);
    expect(new URL(page.url()).hash).toBe(`#/projects/${projectId}/settings`);

    recorded.expectClean(server.origin);
    await page.context().close();
    expect(Object.fromEntries(Object.entries(findings).filter(([, found]) => found.length > 0))).toEqual({});
  }, 180_000);
});

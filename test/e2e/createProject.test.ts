import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { dismissToasts } from '../helpers/toasts.js';
import { expectEventually } from '../helpers/eventually.js';

interface TemplateWire {
  title: string;
  group: string;
  config: string;
  bundled_editor: boolean;
}

interface ProjectWire {
  id: number;
  title: string;
  label_config: string;
}

describe('creating projects and leaving unsaved settings, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let templates: TemplateWire[];
  let boxProjectId: number;

  const dialog = () => page.getByRole('dialog', { name: 'New project' });
  const picker = () => dialog().getByRole('group', { name: 'Labeling template' });
  const projectIdInHash = () => /^#\/projects\/(\d+)\/import$/.exec(new URL(page.url()).hash)?.[1];

  /** Before a screenshot: no toast over the page and no theme transition half done. */
  async function settle(): Promise<void> {
    // Toasts under a modal are inert: they are dismissed before a dialog opens.
    if ((await page.locator('dialog[open]').count()) === 0) await dismissToasts(page);
    await page.waitForFunction(() => document.getAnimations().length === 0);
  }

  /**
   * Every template shows a drawing of what it labels, made from its config (see
   * test/renderer/templateMiniature.test.ts): an inline SVG in the theme's colors, no bitmap.
   */
  async function expectMiniatures(): Promise<void> {
    const options = picker().locator('label.template-option:not(.template-option--empty)');
    await expectEventually(() => options.count()).toBe(templates.length);
    await expectEventually(() => picker().locator('img').count()).toBe(0);
    const drawn = await options.evaluateAll((labels) =>
      labels.map((label) => [
        label.querySelector('.template-option__title')?.textContent ?? '',
        label.querySelector('svg.mini')?.getAttribute('data-miniature') ?? 'none',
      ]),
    );
    expect(Object.fromEntries(drawn)).toMatchObject({
      'Box Objects in Images': 'image+boxes',
      'Outline Areas with Polygons': 'image+polygon',
      'Tag Named Entities': 'text+spans',
      'Judge Sentiment': 'text|choices',
      'Segment Speakers': 'audio+regions',
      'Mark Moments on a Video Timeline': 'video+timeline',
      'Label Dialogue Turns': 'dialogue+spans',
      'Flag Anomalies in Metrics': 'series+regions|choices',
    });
    expect(drawn.filter(([, key]) => key === 'none')).toEqual([]);
    // Drawn, not empty: each has shapes beyond its frame.
    const shapes = await options
      .locator('svg.mini')
      .evaluateAll((svgs) => svgs.map((svg) => svg.querySelectorAll('*').length));
    expect(Math.min(...shapes)).toBeGreaterThan(4);
  }

  beforeAll(async () => {
    server = await startE2eServer('create');
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
    page.setDefaultTimeout(10_000);
    templates = (await server.api<{ templates: TemplateWire[] }>('GET', '/api/templates/')).templates;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a project from a template picked by category and search, and lands on its import page', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'New project' }).click();
    await dialog().waitFor();
    await dialog()
      .getByRole('radio', { name: /Box Objects in Images/ })
      .waitFor();
    // Templates the bundled editor cannot show are marked, every one of them.
    const newer = templates.filter((template) => !template.bundled_editor).length;
    expect(newer).toBeGreaterThan(0);
    await expectEventually(() => dialog().getByText('Needs a newer editor', { exact: true }).count()).toBe(newer);
    await expectEventually(() =>
      dialog()
        .getByRole('radio', { name: /Custom \/ start empty/ })
        .isChecked(),
    ).toBe(true);
    await settle();
    await page.screenshot({ path: join(SCREENSHOTS, 'create-project-light.png') });
    await expectMiniatures();
    await picker().screenshot({ path: join(SCREENSHOTS, 'create-project-templates-light.png') });

    await dialog().getByLabel('Title').fill('Street signs');
    const categories = dialog().getByRole('group', { name: 'Category' });
    await categories.getByRole('button', { name: 'Computer Vision' }).click();
    await expectEventually(() =>
      categories.getByRole('button', { name: 'Computer Vision' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await expectEventually(() => dialog().getByRole('region', { name: 'Natural Language Processing' }).count()).toBe(0);
    const vision = templates.filter((template) => template.group === 'Computer Vision');
    await expectEventually(() =>
      dialog().getByRole('region', { name: 'Computer Vision' }).getByRole('radio').count(),
    ).toBe(vision.length);
    await dialog().getByRole('searchbox', { name: 'Search templates' }).fill('box objects');
    await expectEventually(() => picker().getByRole('radio').count()).toBe(2); // "start empty" and the one match
    await dialog()
      .getByRole('radio', { name: /Box Objects in Images/ })
      .check();
    await dialog().getByText('Template: Box Objects in Images').waitFor();
    // The modal makes the header inert: the theme follows the system, switched here.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await settle();
    await page.screenshot({ path: join(SCREENSHOTS, 'create-project-dark.png') });
    await dialog().getByRole('searchbox', { name: 'Search templates' }).fill('');
    await categories.getByRole('button', { name: 'All' }).click();
    await picker().screenshot({ path: join(SCREENSHOTS, 'create-project-templates-dark.png') });
    await categories.getByRole('button', { name: 'Computer Vision' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });

    await dialog().getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Created “Street signs”.' }).waitFor();
    boxProjectId = Number(projectIdInHash());
    expect(boxProjectId).toBeGreaterThan(0);
    const created = await server.api<ProjectWire>('GET', `/api/projects/${boxProjectId}/`);
    const template = templates.find((item) => item.title === 'Box Objects in Images')!;
    expect(created.title).toBe('Street signs');
    expect(created.label_config).toBe(template.config);
  });

  it('creates a blank project with the default config', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('article', { name: 'Street signs' }).waitFor();
    await page.getByRole('button', { name: 'New project' }).click();
    await dialog().getByLabel('Title').fill('Blank slate');
    await dialog()
      .getByRole('radio', { name: /Box Objects in Images/ })
      .waitFor();
    await expectEventually(() =>
      dialog()
        .getByRole('radio', { name: /Custom \/ start empty/ })
        .isChecked(),
    ).toBe(true);
    await dialog().getByText('No template: start empty').waitFor();
    await dialog().getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    const blank = await server.api<ProjectWire>('GET', `/api/projects/${projectIdInHash()}/`);
    const reference = await server.api<ProjectWire>('POST', '/api/projects/', { title: 'Reference' });
    expect(blank.title).toBe('Blank slate');
    expect(blank.label_config).toBe(reference.label_config);
    await server.api<unknown>('DELETE', `/api/projects/${reference.id}/`).catch(() => undefined);
  });

  it('asks before leaving unsaved settings by a link: Stay keeps the edit and the URL', async () => {
    await page.goto(`${server.origin}/#/projects/${boxProjectId}/settings`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Settings · Street signs' }).waitFor();
    const settingsHash = `#/projects/${boxProjectId}/settings`;
    // Nothing changed yet: the way out is free.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).waitFor();

    await settle();
    await page.getByLabel('Title').fill('Street signs, v2');
    await crumbs.getByRole('link', { name: 'Projects' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Leave without saving?' });
    await unsaved.waitFor();
    expect(new URL(page.url()).hash).toBe(settingsHash);
    await settle();
    await page.screenshot({ path: join(SCREENSHOTS, 'unsaved-settings-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await settle();
    await page.screenshot({ path: join(SCREENSHOTS, 'unsaved-settings-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await unsaved.getByRole('button', { name: 'Stay' }).click();
    await unsaved.waitFor({ state: 'hidden' });
    await expectEventually(() => page.getByLabel('Title').inputValue()).toBe('Street signs, v2');
    expect(new URL(page.url()).hash).toBe(settingsHash);

    // A hash change that is not a click (back button, typed URL) is held the same way.
    await page.evaluate(() => (location.hash = '#/'));
    await unsaved.waitFor();
    expect(new URL(page.url()).hash).toBe(settingsHash);
    await page.keyboard.press('Escape');
    await unsaved.waitFor({ state: 'hidden' });
    await expectEventually(() => page.getByLabel('Title').inputValue()).toBe('Street signs, v2');
  });

  it('asks the browser before closing or reloading the tab with unsaved settings', async () => {
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (prompt) => {
        resolve(prompt.type());
        void prompt.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    await expectEventually(() => page.getByLabel('Title').inputValue()).toBe('Street signs, v2');
  });

  it('leaves and drops the edit on Discard, and does not ask once saved', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Leave without saving?' });
    await unsaved.getByRole('button', { name: 'Discard and leave' }).click();
    await page.getByRole('article', { name: 'Street signs' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    expect((await server.api<ProjectWire>('GET', `/api/projects/${boxProjectId}/`)).title).toBe('Street signs');

    await page.getByRole('link', { name: 'Settings of Street signs' }).click();
    await page.getByRole('heading', { name: 'Settings · Street signs' }).waitFor();
    await page.getByLabel('Title').fill('Street signs, v3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('heading', { name: 'Settings · Street signs, v3' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('article', { name: 'Street signs, v3' }).waitFor();
    await expectEventually(() => unsaved.count()).toBe(0);
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/** An invalid config is answered with a 400 by design; Chromium logs every 4xx fetch as a console error. */
const INVALID_CONFIG = [
  { status: 400, path: /\/api\/projects\/\d+\/validate\/$/ },
  // Saving it anyway: the server refuses the PATCH.
  { status: 400, path: /\/api\/projects\/\d+\/$/ },
];

interface ProjectWire {
  id: number;
  title: string;
  label_config: string;
  maximum_annotations: number;
  sampling: string;
}

describe('project settings in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let projectId: number;
  let templateConfig: string;

  const editor = () => page.getByRole('textbox', { name: 'Labeling config (XML)' });
  const validation = () => page.getByTestId('config-validation');
  const saveButton = () => page.getByRole('button', { name: 'Save settings' });

  beforeAll(async () => {
    server = await startE2eServer('settings');
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' }, INVALID_CONFIG);
    ({ page } = recorded);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in and opens the settings of a project from its card', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
    projectId = (await server.api<ProjectWire>('POST', '/api/projects/', { title: 'Review queue' })).id;
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('link', { name: 'Settings of Review queue' }).click();
    await page.getByRole('heading', { name: 'Settings · Review queue' }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/projects/${projectId}/settings`);
    await validation().getByText('The config is valid.').waitFor();
    // Nothing changed yet: nothing to save.
    await expectEventually(() => saveButton().isDisabled()).toBe(true);
    await expectEventually(() => saveButton().getAttribute('title')).toBe('Nothing to save: no setting has changed.');
  });

  it('fills the editor from a template chosen in the gallery, and the config validates', async () => {
    const catalog = await server.api<{ templates: { title: string; config: string; bundled_editor: boolean }[] }>(
      'GET',
      '/api/templates/',
    );
    templateConfig = catalog.templates.find((template) => template.title === 'Judge Sentiment')!.config;
    const newerEditor = catalog.templates.filter((template) => !template.bundled_editor).length;
    // The gallery loads its catalog with its own request: wait for its cards before counting.
    const gallery = page.getByRole('region', { name: 'Templates' });
    await gallery.locator('svg.mini[data-miniature]').first().waitFor();
    await expectEventually(() => page.getByText('Needs a newer editor', { exact: true }).count()).toBe(newerEditor);
    // Each template is drawn from its config, as in the New project dialog: no bitmap thumbnails.
    await expectEventually(() => gallery.locator('svg.mini[data-miniature]').count()).toBe(catalog.templates.length);
    await expectEventually(() => gallery.locator('img').count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search templates' }).fill('sentiment');
    await expectEventually(() => page.getByRole('region', { name: 'Computer Vision' }).count()).toBe(0);
    await page.getByRole('button', { name: /Judge Sentiment/ }).click();
    await page.getByText('Unsaved changes').waitFor();
    await expectEventually(() => editor().textContent()).toBe(templateConfig.replace(/\n/g, ''));
    await validation().getByText('The config is valid.').waitFor();
  });

  it('shows a syntax error inline with its line, marks that line, and clears it once fixed', async () => {
    await editor().focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('<');
    await validation().getByText('Line 2, column 2:').waitFor();
    await expectEventually(() => validation().textContent()).toContain(
      'Line 2, column 2: XML does not allow this character here',
    );
    const marked = page.locator('[data-error-line]');
    await marked.waitFor();
    await expectEventually(() => marked.textContent()).toBe('<  <Text name="review" value="$text"/>');
    await page.screenshot({ path: join(SCREENSHOTS, 'project-settings-error-light.png') });

    // Another template over edited text asks first; cancelling keeps the edits.
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('');
    await page.getByRole('button', { name: /Rate with Stars/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the labeling config?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await editor().focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await validation().getByText('The config is valid.').waitFor();
    await expectEventually(() => marked.count()).toBe(0);
  });

  it('shows the problem of a config the server refused once, not twice', async () => {
    await editor().focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('<');
    await validation().getByText('Line 2, column 2:').waitFor();
    await saveButton().click();
    await page.getByRole('alert').filter({ hasText: 'The settings were not saved' }).waitFor();
    const text = (await validation().textContent()) ?? '';
    expect(text.match(/XML does not allow this character/g)).toHaveLength(1);
    expect(text).not.toContain('Not saved');
    await page.screenshot({ path: join(SCREENSHOTS, 'project-settings-refused-light.png') });
    await page.getByRole('button', { name: 'Dismiss notification' }).click();

    await editor().focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await validation().getByText('The config is valid.').waitFor();
  });

  it('refuses a bad title inline, then saves title, overlap and sampling through PATCH', async () => {
    await page.getByLabel('Title').fill('ab');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('.field__error').getByText('at least 3 characters').waitFor();
    await expectEventually(() => page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Title').fill('Review queue, round 2');
    await page.getByLabel('Annotations per task (overlap)').fill('3');
    await page.getByLabel('Task order').selectOption('Uniform sampling');
    await page.getByLabel('Show the Skip button to annotators').uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the settings of “Review queue, round 2”.' }).waitFor();
    await page.getByRole('heading', { name: 'Settings · Review queue, round 2' }).waitFor();
    await expectEventually(() => page.getByText('Unsaved changes').count()).toBe(0);

    const saved = await server.api<ProjectWire & { show_skip_button: boolean }>('GET', `/api/projects/${projectId}/`);
    expect(saved).toMatchObject({
      title: 'Review queue, round 2',
      maximum_annotations: 3,
      sampling: 'Uniform sampling',
      show_skip_button: false,
      label_config: templateConfig,
    });
  });

  it('asks before a template replaces the saved config, and offers Save only once something changed', async () => {
    await expectEventually(() => saveButton().isDisabled()).toBe(true);
    const before = await editor().textContent();
    await page.getByRole('button', { name: /Rate with Stars/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the labeling config?' });
    await confirm.waitFor();
    await expectEventually(() => confirm.textContent()).toContain(
      'The current labeling config will be replaced by the “Rate with Stars” template.',
    );
    await confirm.screenshot({ path: join(SCREENSHOTS, 'project-settings-replace-config-light.png') });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expectEventually(() => editor().textContent()).toBe(before);
    await expectEventually(() => saveButton().isDisabled()).toBe(true);

    await page.getByRole('button', { name: /Rate with Stars/ }).click();
    await confirm.getByRole('button', { name: 'Replace config' }).click();
    await page.getByText('Unsaved changes').waitFor();
    await expectEventually(() => editor().textContent()).toContain('<Rating');
    await expectEventually(() => saveButton().isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expectEventually(() => editor().textContent()).toBe(before);
    await expectEventually(() => saveButton().isDisabled()).toBe(true);
  });

  it('keeps the saved settings after a reload, and passes the accessibility scan in light and dark', async () => {
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Settings · Review queue, round 2' }).waitFor();
    await expectEventually(() => page.getByLabel('Annotations per task (overlap)').inputValue()).toBe('3');
    await validation().getByText('The config is valid.').waitFor();
    await page.waitForLoadState('networkidle');
    const labeling = page.getByRole('region', { name: 'Labeling interface' });
    await page.screenshot({ path: join(SCREENSHOTS, 'project-settings-light.png') });
    await labeling.screenshot({ path: join(SCREENSHOTS, 'project-settings-labeling-light.png') });
    // The preview frame's own colors are checked in labelingTheme.test.ts.
    await expectEventually(() => seriousAxeViolations(page, ['iframe']), { message: 'light' }).toEqual([]);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expectEventually(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await labeling.screenshot({ path: join(SCREENSHOTS, 'project-settings-labeling-dark.png') });
    await page.locator('#main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, 'project-settings-dark.png') });
    await expectEventually(() => seriousAxeViolations(page, ['iframe']), { message: 'dark' }).toEqual([]);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('article', { name: 'Review queue, round 2' }).waitFor();
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import {
  configPreview,
  createProject,
  inDarkTheme,
  openLabelingSession,
  PREVIEW_FRAME,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

const START_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="topic" toName="text"><Choice value="Weather"/><Choice value="Sports"/></Choices>
</View>`;

describe('live preview of the labeling config in the project settings', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let projectId: number;

  const previewChoice = (name: string, target: Page = page) =>
    configPreview(target).getByRole('checkbox', { name: new RegExp(name) });

  beforeAll(async () => {
    session = await openLabelingSession('preview', {
      async setup(started) {
        projectId = await createProject(started, 'Preview me', START_CONFIG);
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the saved config in the editor on a sample task', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
    await previewChoice('Weather').waitFor({ timeout: 15_000 });
    await expectEventually(() => previewChoice('Sports').count()).toBe(1);
    await page.getByRole('heading', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'config-preview-light.png') });
  });

  it('follows the config as it changes', async () => {
    // A template replaces the saved config only once confirmed.
    await page.getByRole('button', { name: /Judge Sentiment/ }).click();
    await page
      .getByRole('dialog', { name: 'Replace the labeling config?' })
      .getByRole('button', { name: 'Replace config' })
      .click();
    await previewChoice('Positive').waitFor();
    await expectEventually(() => previewChoice('Weather').count()).toBe(0);
    // The sample task gives the Text tag some text to show.
    await expectEventually(async () =>
      (await configPreview(page).locator('.lsf-richtext__container').first().textContent())?.trim(),
    ).toBeTruthy();
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
    await expectEventually(() => message.textContent()).toContain('Bucket');
    await expectEventually(() => page.locator(PREVIEW_FRAME).count()).toBe(0);
  });

  // The preview's own colors in the dark theme are checked in labelingTheme.test.ts.
  it('passes the accessibility scan (contrast included) around the preview in the dark theme', async () => {
    await inDarkTheme(session, async (darkPage) => {
      await darkPage.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
      await previewChoice('Weather', darkPage).waitFor({ timeout: 15_000 });
      await expectEventually(() => darkPage.locator('html').getAttribute('data-theme')).toBe('dark');
      await darkPage.getByRole('heading', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
      await darkPage.screenshot({ path: join(SCREENSHOTS, 'config-preview-dark.png') });
      await expectEventually(() => seriousAxeViolations(darkPage, [PREVIEW_FRAME])).toEqual([]);
    });
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

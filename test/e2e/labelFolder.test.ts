import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindFilter } from '../../renderer/src/features/storages/folderContents.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { inDarkTheme, labelingEditor, waitForEditor } from '../helpers/labelingPage.js';
import {
  hasHorizontalScroll,
  notification,
  openStorageSession,
  writePhotos,
  type StorageSession,
} from './storagePage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * "Label a folder" in a browser against `outpost serve`: the folder's path is typed (no OS
 * dialog), the server's document-root rule refuses one outside it, and a folder of images or of
 * text files becomes a project with a fitting template, its files as tasks, and new files coming
 * in on the next sync.
 */

interface ProjectWire {
  id: number;
  title: string;
  label_config: string;
}

describe('label a folder in a browser, against outpost serve', () => {
  let session: StorageSession;
  let server: E2eServer;
  let page: Page;
  let cats: string;
  let reviews: string;
  let catsProject: number;

  const dialog = (target: Page = page) => target.getByRole('dialog', { name: 'Label a folder' });
  const projects = async () => (await server.api<{ results: ProjectWire[] }>('GET', '/api/projects/')).results;
  const openDialog = async (target: Page) => {
    await target.goto(`${server.cli.url}/#/`);
    await target.getByRole('button', { name: 'Label a folder' }).first().click();
    await dialog(target).waitFor();
  };

  beforeAll(async () => {
    session = await openStorageSession('folder');
    ({ server, page } = session);
    page.setDefaultTimeout(10_000);
    cats = join(session.root, 'street cats');
    writePhotos(cats, 'cat', 2);
    writeFileSync(join(cats, 'Thumbs.db'), 'not a photo');
    reviews = join(session.root, 'reviews');
    mkdirSync(reviews);
    writeFileSync(join(reviews, 'tent.txt'), 'The tent kept us dry all weekend.');
    writeFileSync(join(reviews, 'zip.txt'), 'The zipper jammed twice.');
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the server’s refusal of a folder outside its document root under the path, and keeps no project', async () => {
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
    await openDialog(page);
    // In a browser there is no OS dialog: the path is typed.
    await expectEventually(() => dialog().getByRole('button', { name: 'Choose folder…' }).count()).toBe(0);
    await dialog()
      .getByText(/LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT/)
      .waitFor();
    await dialog().getByLabel('Folder (absolute path)').fill(session.outside);
    await dialog().getByRole('button', { name: 'Look at the folder' }).click();
    const message = dialog().getByText(/must be a subdirectory of LOCAL_FILES_DOCUMENT_ROOT/);
    await message.waitFor();
    await expectEventually(() => dialog().getByLabel('Folder (absolute path)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await dialog().screenshot({ path: join(SCREENSHOTS, 'label-folder-refused-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    expect(await projects()).toEqual([]);
  });

  it('suggests image templates for a folder of images, and makes, imports and opens the project', async () => {
    await dialog().getByLabel('Folder (absolute path)').fill(cats);
    await dialog().getByRole('button', { name: 'Look at the folder' }).click();
    const summary = dialog().getByTestId('folder-summary');
    await summary.getByText(`Found 2 images and 1 other file in ${cats}.`).waitFor();
    const suggested = dialog().getByRole('group', { name: 'Suggested templates' });
    await suggested.getByRole('button', { name: 'Sort Photos into Categories', pressed: true }).waitFor();
    await expectEventually(() =>
      dialog()
        .getByRole('radio', { name: /Sort Photos into Categories/ })
        .isChecked(),
    ).toBe(true);
    await dialog().screenshot({ path: join(SCREENSHOTS, 'label-folder-template-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await suggested.getByRole('button', { name: 'Box Objects in Images' }).click();
    await expectEventually(() =>
      dialog()
        .getByRole('radio', { name: /Box Objects in Images/ })
        .isChecked(),
    ).toBe(true);

    await dialog().getByRole('button', { name: 'Make the project and import' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await notification(page, `Labeling ${cats}: 2 tasks imported.`).waitFor();
    const [project] = await projects();
    catsProject = project!.id;
    expect(project!.title).toBe('street cats');
    expect(project!.label_config).toContain('<RectangleLabels');
    expect(new URL(page.url()).hash).toBe(`#/projects/${catsProject}`);
    await page.getByTestId('task-count').getByText('2 tasks').waitFor();
    const thumbnails = page.locator('img.dm-thumb');
    await expectEventually(() => thumbnails.count()).toBe(2);
    await expectEventually(() =>
      thumbnails.first().evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(90);
    const [storage] = await server.api<Record<string, unknown>[]>('GET', `/api/storages/?project=${catsProject}`);
    expect(storage).toMatchObject({
      type: 'localfiles',
      path: cats,
      use_blob_urls: true,
      regex_filter: kindFilter('image'),
      status: 'completed',
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'label-folder-dm-light.png') });
    await expectEventually(() => hasHorizontalScroll(page)).toBe(false);
  });

  it('picks up a new file on the next sync from the Data Manager', async () => {
    writePhotos(cats, 'cat', 1, 3);
    await page.getByRole('button', { name: 'Sync storage' }).click();
    await notification(page, 'Synced: 1 new task added from storage.').waitFor();
    await page.getByTestId('task-count').getByText('3 tasks').waitFor();
    await page.getByRole('button', { name: 'Sync storage' }).click();
    await notification(page, 'Synced: no new files in storage.').waitFor();
    await page.getByTestId('task-count').getByText('3 tasks').waitFor();
  });

  it('labels a folder of text files with a text template that loads each file', async () => {
    await openDialog(page);
    await dialog().getByLabel('Folder (absolute path)').fill(reviews);
    await dialog().getByRole('button', { name: 'Look at the folder' }).click();
    await dialog().getByTestId('folder-summary').getByText(`Found 2 text files in ${reviews}.`).waitFor();
    // The suggestion is picked in an effect after the summary shows: wait for it to be pressed.
    await dialog()
      .getByRole('group', { name: 'Suggested templates' })
      .getByRole('button', { name: 'Judge Sentiment', pressed: true })
      .waitFor();
    await expectEventually(() =>
      dialog()
        .getByRole('radio', { name: /Judge Sentiment/ })
        .isChecked(),
    ).toBe(true);
    await dialog().getByRole('button', { name: 'Make the project and import' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByTestId('task-count').getByText('2 tasks').waitFor();
    const project = (await projects()).find((item) => item.title === 'reviews')!;
    expect(project.label_config).toMatch(/<Text [^>]*valueType="url"/);
    await page.getByRole('link', { name: 'Label all tasks' }).click();
    await waitForEditor(page, 'Submit');
    // The task holds the file's address; the editor shows what the file says.
    await labelingEditor(page)
      .getByText(/The (tent kept us dry|zipper jammed)/)
      .first()
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'label-folder-text-light.png') });
  });

  it('asks the desktop app’s folder dialog when there is one, and looks at the folder it picked', async () => {
    const desktop = await session.browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      // The preload's bridge, played by the page: the server's token, and a folder "picked" in the OS dialog.
      const bridge = { url: server.cli.url, token: server.cli.token, folder: reviews };
      await desktop.addInitScript((given) => {
        const calls: unknown[] = [];
        Object.assign(globalThis, {
          pickFolderCalls: calls,
          outpost: {
            getServerInfo: async () => ({ url: given.url, token: given.token }),
            pickFolder: async (request: unknown) => {
              calls.push(request);
              return given.folder;
            },
          },
        });
      }, bridge);
      await desktop.addCookies(await session.context.cookies());
      const here = await desktop.newPage();
      here.on('pageerror', (error) => session.record.errors.push(`pageerror: ${error.message}`));
      await openDialog(here);
      // The headless rule appears once the server has said how it runs: wait for it, then once only.
      const rule = dialog(here).getByText(/LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT/);
      await rule.first().waitFor();
      await expectEventually(() => rule.count()).toBe(1);
      await dialog(here).getByRole('button', { name: 'Choose folder…' }).click();
      await dialog(here).getByTestId('folder-summary').getByText(`Found 2 text files in ${reviews}.`).waitFor();
      await expectEventually(() =>
        here.evaluate(() => (globalThis as unknown as { pickFolderCalls: unknown[] }).pickFolderCalls),
      ).toEqual([{ title: 'Choose a folder to label', buttonLabel: 'Label this folder' }]);
      await dialog(here).getByRole('button', { name: 'Back' }).click();
      await expectEventually(() => dialog(here).getByLabel('Folder (absolute path)').inputValue()).toBe(reviews);
      await dialog(here).getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await desktop.close();
    }
  });

  it('passes the accessibility scan in the dark theme, and Cancel removes the project made to look', async () => {
    const before = (await projects()).length;
    await inDarkTheme(
      session,
      async (dark) => {
        dark.setDefaultTimeout(10_000);
        await openDialog(dark);
        await dialog(dark).getByLabel('Folder (absolute path)').fill(join(session.root, 'missing'));
        await dialog(dark).getByRole('button', { name: 'Look at the folder' }).click();
        await dialog(dark)
          .getByText(/does not exist/)
          .waitFor();
        await dialog(dark).screenshot({ path: join(SCREENSHOTS, 'label-folder-refused-dark.png') });
        await expectEventually(() => seriousAxeViolations(dark)).toEqual([]);
        await dialog(dark).getByLabel('Folder (absolute path)').fill(cats);
        await dialog(dark).getByRole('button', { name: 'Look at the folder' }).click();
        await dialog(dark)
          .getByTestId('folder-summary')
          .getByText(/Found 3 images/)
          .waitFor();
        await dialog(dark).screenshot({ path: join(SCREENSHOTS, 'label-folder-template-dark.png') });
        await expectEventually(() => seriousAxeViolations(dark)).toEqual([]);
        await dialog(dark).getByRole('button', { name: 'Cancel' }).click();
        await dialog(dark).waitFor({ state: 'hidden' });
        await expectEventually(async () => (await projects()).length).toBe(before);
      },
      { requests: true },
    );
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 20, allowDataUrls: true, allowBlobUrls: true });
  });
});

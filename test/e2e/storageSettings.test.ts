import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { createProject, editorButton, inDarkTheme, labelingEditor, waitForEditor } from '../helpers/labelingPage.js';
import {
  filesIn,
  hasHorizontalScroll,
  notification,
  openStorageSession,
  PHOTO_CONFIG,
  screenshotStorageSection,
  storageCard,
  storageSection,
  writePhotos,
  type StorageSession,
} from './storagePage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * Cloud Storage in the project settings against `outpost serve` with local files switched on: a
 * folder of images as the source (refused outside the document root, then checked, saved and
 * synced), its tasks with their thumbnails in the Data Manager, a folder as the target, and the
 * annotation of one labeled task found there as Label Studio's JSON.
 */

interface TaskWire {
  id: number;
  data: Record<string, string>;
}

describe('cloud storage in the project settings, against outpost serve', () => {
  let session: StorageSession;
  let server: E2eServer;
  let page: Page;
  let projectId: number;
  let photos: string;
  let exported: string;

  const section = () => storageSection(page);
  const toast = (text: string | RegExp) => notification(page, text);
  const tasks = () => server.api<TaskWire[]>('GET', `/api/projects/${projectId}/tasks/?page_size=-1`);

  beforeAll(async () => {
    session = await openStorageSession('storage');
    ({ server, page } = session);
    page.setDefaultTimeout(10_000);
    photos = join(session.root, 'street photos');
    writePhotos(photos, 'cat', 3);
    // Not an image: the filter of the storage leaves it out.
    writeFileSync(join(photos, 'notes.json'), '{}');
    exported = join(session.root, 'annotations');
    projectId = await createProject(server, 'Street cats', PHOTO_CONFIG);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('refuses a folder outside the document root under the form, then checks and saves one inside', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
    await section().getByTestId('storage-empty-import').waitFor();
    await screenshotStorageSection(page, 'storage-settings-empty-light.png');
    await section().getByRole('button', { name: 'Add source storage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add source storage' });
    await expectEventually(() => dialog.getByLabel('Storage type').inputValue()).toBe('localfiles');
    await dialog.getByLabel('Storage Name').fill('Street photos');
    await dialog.getByLabel('Absolute local path').fill(session.outside);
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    const refusal = dialog.getByTestId('storage-form-error');
    await refusal.getByText(/must be a subdirectory of LOCAL_FILES_DOCUMENT_ROOT/).waitFor();
    await expectEventually(() => refusal.textContent()).toContain(`Absolute local path "${session.outside}"`);
    await dialog.screenshot({ path: join(SCREENSHOTS, 'storage-form-refused-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    // Saving with the same path is refused the same way, and saves nothing.
    await dialog.getByRole('button', { name: 'Add source storage' }).click();
    await refusal.getByText(/^Not saved: Absolute local path/).waitFor();

    await dialog.getByLabel('Absolute local path').fill(photos);
    await dialog.getByLabel('File Filter Regex').fill('.*\\.png');
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    await dialog.getByTestId('storage-form-ok').waitFor();
    await expectEventually(() => refusal.count()).toBe(0);
    await expectEventually(() => dialog.getByLabel('Import method').inputValue()).toBe('true');
    await dialog.screenshot({ path: join(SCREENSHOTS, 'storage-form-ok-light.png') });
    await dialog.getByRole('button', { name: 'Add source storage' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(/^Added the source storage Street photos/).waitFor();
    const card = storageCard(page, 'Street photos');
    await expectEventually(() => card.getByTestId('storage-status').textContent()).toBe('Not synced yet');
    await expectEventually(() => card.getByText(photos, { exact: true }).count()).toBe(1);
    await expectEventually(() => card.getByTestId('storage-last-sync').textContent()).toBe('Never');
  });

  it('syncs it with a progress indicator, then shows what it imported', async () => {
    // The sync request is held in the browser, so the progress shows however fast the server is.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/storages/localfiles/*/sync', async (route) => {
      await held;
      await route.continue();
    });
    const card = storageCard(page, 'Street photos');
    await card.getByRole('button', { name: 'Sync Street photos' }).click();
    await card.getByRole('progressbar', { name: 'Sync progress of Street photos' }).waitFor();
    await expectEventually(() => card.getByTestId('storage-status').textContent()).toBe('Syncing');
    await card.getByTestId('storage-progress').getByText('Looking for new files…').waitFor();
    await screenshotStorageSection(page, 'storage-settings-syncing-light.png');
    release();
    await card.getByTestId('storage-result').getByText('3 new tasks added').waitFor();
    await page.unroute('**/api/storages/localfiles/*/sync');
    await expectEventually(() => card.getByTestId('storage-status').textContent()).toBe('Synced');
    await expectEventually(() => card.getByRole('progressbar').count()).toBe(0);
    await toast('Synced Street photos: 3 new tasks added.').waitFor();
    const imported = await tasks();
    expect(imported.map((task) => task.data.image).sort()).toEqual(
      [1, 2, 3].map((n) => `/data/local-files/?d=street%20photos/cat-${n}.png`),
    );

    // A second sync finds nothing new and says how many it had already.
    await card.getByRole('button', { name: 'Sync Street photos' }).click();
    await card.getByTestId('storage-result').getByText('0 new tasks added, 3 tasks already imported').waitFor();
    await screenshotStorageSection(page, 'storage-settings-light.png');
    await expectEventually(() => hasHorizontalScroll(page)).toBe(false);
    await expectEventually(() => seriousAxeViolations(page, ['iframe'])).toEqual([]);
    // At the app's narrowest (800 px) nothing scrolls sideways, the form's dialog included.
    await page.setViewportSize({ width: 800, height: 720 });
    await expectEventually(() => hasHorizontalScroll(page)).toBe(false);
    await card.getByRole('button', { name: 'Edit Street photos' }).click();
    await page.getByRole('dialog', { name: 'Edit Street photos' }).getByLabel('Storage Name').waitFor();
    await expectEventually(() => hasHorizontalScroll(page)).toBe(false);
    await screenshotStorageSection(page, 'storage-settings-narrow-light.png');
    await page.getByRole('dialog', { name: 'Edit Street photos' }).getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('shows the imported tasks with their images in the Data Manager', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}`);
    await page.getByTestId('task-count').getByText('3 tasks').waitFor();
    const thumbnails = page.locator('img.dm-thumb');
    await expectEventually(() => thumbnails.count()).toBe(3);
    for (const thumbnail of await thumbnails.all()) {
      await expectEventually(() => thumbnail.getAttribute('src')).toMatch(
        /^\/data\/local-files\/\?d=street%20photos\/cat-\d\.png$/,
      );
      await expectEventually(() =>
        thumbnail.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
      ).toBeGreaterThan(90);
    }
    // The button comes with the storages' own request, and reads "Syncing…" while one runs.
    await page.getByRole('button', { name: /^(Sync storage|Syncing…)$/ }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'storage-dm-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
  });

  it('adds a folder as the target storage, and the annotation of a labeled task lands in it', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
    await section().getByRole('button', { name: 'Add target storage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add target storage' });
    await dialog.getByLabel('Storage Name').fill('Annotations out');
    await dialog.getByLabel('Absolute local path').fill(exported);
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    // The folder does not exist yet: the server says so, and nothing is made.
    await dialog
      .getByTestId('storage-form-error')
      .getByText(/does not exist/)
      .waitFor();
    mkdirSync(exported);
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    await dialog.getByTestId('storage-form-ok').waitFor();
    await dialog.getByRole('button', { name: 'Add target storage' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = storageCard(page, 'Annotations out');
    // Label Studio syncs a target as soon as it is made: there is nothing to write yet.
    await card.getByTestId('storage-result').getByText('0 annotations written').waitFor();

    const [task] = await tasks();
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${task!.id}`);
    await waitForEditor(page, 'Submit');
    const image = labelingEditor(page).locator('img[src^="blob:"]');
    await expectEventually(() =>
      image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(90);
    await labelingEditor(page).getByRole('checkbox', { name: /Cat/ }).check();
    await editorButton(page, 'Submit').click();
    await toast('Annotation submitted.').waitFor();
    await expectEventually(() => filesIn(exported), { timeout: 10_000 }).toHaveLength(1);
    const [name] = filesIn(exported);
    const written = JSON.parse(readFileSync(join(exported, name!), 'utf8')) as {
      id: number;
      result: { value: { choices: string[] } }[];
      task: { id: number; data: Record<string, string> };
    };
    expect(String(written.id)).toBe(name);
    expect(written.result[0]!.value.choices).toEqual(['Cat']);
    expect(written.task).toMatchObject({ id: task!.id, data: { image: task!.data.image } });
  });

  it('edits a storage, and removes one after asking', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
    const card = storageCard(page, 'Annotations out');
    await card.getByRole('button', { name: 'Edit Annotations out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Annotations out' });
    await expectEventually(() => dialog.getByLabel('Absolute local path').inputValue()).toBe(exported);
    await expectEventually(() => dialog.getByLabel('Storage type').isDisabled()).toBe(true);
    await dialog.getByLabel('Storage Name').fill('Labels for training');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast('Saved Labels for training.').waitFor();
    const renamed = storageCard(page, 'Labels for training');
    await renamed.getByRole('button', { name: 'Remove Labels for training' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Labels for training?' });
    await confirm.getByText(/The files already written stay where they are/).waitFor();
    await confirm.getByRole('button', { name: 'Remove storage' }).click();
    await toast('Removed Labels for training.').waitFor();
    await section().getByTestId('storage-empty-export').waitFor();
    expect(await server.api('GET', `/api/storages/export?project=${projectId}`)).toEqual([]);
    expect(filesIn(exported)).toHaveLength(1);
  });

  it('passes the accessibility scan (contrast included) in the dark theme', async () => {
    await inDarkTheme(
      session,
      async (dark) => {
        dark.setDefaultTimeout(10_000);
        await dark.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
        await storageCard(dark, 'Street photos').waitFor();
        await screenshotStorageSection(dark, 'storage-settings-dark.png');
        await expectEventually(() => seriousAxeViolations(dark, ['iframe'])).toEqual([]);
        await storageSection(dark).getByRole('button', { name: 'Edit Street photos' }).click();
        const dialog = dark.getByRole('dialog', { name: 'Edit Street photos' });
        await dialog.getByRole('button', { name: 'Check connection' }).click();
        await dialog.getByTestId('storage-form-ok').waitFor();
        await dialog.screenshot({ path: join(SCREENSHOTS, 'storage-form-dark.png') });
        await expectEventually(() => seriousAxeViolations(dark, ['iframe'])).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel' }).click();

        await dark.goto(`${server.cli.url}/#/projects/${projectId}`);
        await dark.locator('img.dm-thumb').first().waitFor();
        await dark.screenshot({ path: join(SCREENSHOTS, 'storage-dm-dark.png') });
        await expectEventually(() => seriousAxeViolations(dark)).toEqual([]);
      },
      { requests: true },
    );
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 20, allowDataUrls: false, allowBlobUrls: true });
  });
});

import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_CONFIG, notification, storageCard, storageSection } from '../../e2e/storagePage.js';
import { seriousAxeViolations } from '../../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../../helpers/browserPage.js';
import { launchChromium } from '../../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../../helpers/e2eServer.js';
import { createProject, editorButton, labelingEditor, waitForEditor } from '../../helpers/labelingPage.js';
import { makePng } from '../../helpers/labelingMedia.js';
import { MOTO_KEYS, startMotoServer, type MotoServer } from '../storages/motoServer.js';
import { expectEventually } from '../../helpers/eventually.js';

/*
 * An S3 bucket from the project settings to the editor, in Chromium against `outpost serve` and
 * moto: a source storage added and synced through the form, its images proxied by Outpost into
 * the Data Manager and the editor, a target bucket, and the annotation of one labeled task
 * found in it. The images go through Outpost (pre-signed URLs off), so the page stays on its
 * own origin.
 */

const SOURCE = 'outpost-e2e-photos';
const TARGET = 'outpost-e2e-labels';

describe('an S3 storage in the app, against outpost serve and moto', () => {
  let moto: MotoServer;
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let projectId: number;

  const section = () => storageSection(page);
  const toast = (text: string | RegExp) => notification(page, text);

  /** Fills the S3 form of an open storage dialog with moto's address and keys. */
  async function fillS3(dialog: ReturnType<Page['getByRole']>, title: string, bucket: string) {
    await dialog.getByLabel('Storage type').selectOption('s3');
    await dialog.getByLabel('Bucket Name').waitFor();
    await dialog.getByLabel('Storage Name').fill(title);
    await dialog.getByLabel('Bucket Name').fill(bucket);
    await dialog.getByLabel('Region Name').fill('us-east-1');
    await dialog.getByLabel('S3 Endpoint').fill(moto.url);
    await dialog.getByLabel('Access Key ID').fill(MOTO_KEYS.aws_access_key_id);
    await dialog.getByLabel('Secret Access Key').fill(MOTO_KEYS.aws_secret_access_key);
  }

  beforeAll(async () => {
    moto = await startMotoServer();
    await moto.createBucket(SOURCE);
    await moto.createBucket(TARGET);
    for (const [index, name] of ['tabby', 'ginger', 'calico'].entries()) {
      await moto.put(SOURCE, `cats/${name}.png`, makePng(120 + 10 * index, 80), 'image/png');
    }
    await moto.put(SOURCE, 'dogs/rex.png', makePng(50, 50), 'image/png');
    server = await startE2eServer('s3');
    projectId = await createProject(server, 'Bucket cats', PHOTO_CONFIG);
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    page = recorded.page;
    page.setDefaultTimeout(15_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await moto?.stop();
  });

  it('adds the bucket as a source storage from the form, checks it and syncs it', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
    await section().getByRole('button', { name: 'Add source storage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add source storage' });
    await fillS3(dialog, 'Cat photos', SOURCE);
    await dialog.getByLabel('Bucket Prefix').fill('cats');
    // Through Outpost: the page never fetches from the bucket's own address.
    await dialog.getByLabel(/Use pre-signed URLs/).uncheck();
    await expectEventually(() => dialog.getByLabel('Expire pre-signed URLs (minutes)').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    await dialog.getByTestId('storage-form-ok').waitFor();
    await dialog.screenshot({ path: join(SCREENSHOTS, 'storage-s3-form-light.png') });
    await dialog.getByRole('button', { name: 'Add source storage' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const card = storageCard(page, 'Cat photos');
    await expectEventually(() => card.getByText(`s3://${SOURCE}/cats`, { exact: true }).count()).toBe(1);
    await card.getByRole('button', { name: 'Sync Cat photos' }).click();
    await card.getByTestId('storage-result').getByText('3 new tasks added').waitFor();
    await toast('Synced Cat photos: 3 new tasks added.').waitFor();
    const tasks = await server.api<{ data: { image: string } }[]>(
      'GET',
      `/api/projects/${projectId}/tasks/?page_size=-1`,
    );
    expect(tasks.map((task) => task.data.image).sort()).toEqual(
      ['calico', 'ginger', 'tabby'].map((name) => `s3://${SOURCE}/cats/${name}.png`),
    );
  });

  it('keeps the stored keys when the storage is edited with its secrets left empty', async () => {
    await storageCard(page, 'Cat photos').getByRole('button', { name: 'Edit Cat photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Cat photos' });
    await expectEventually(() => dialog.getByLabel('Secret Access Key').inputValue()).toBe('');
    await expectEventually(() => dialog.getByLabel('Secret Access Key').getAttribute('placeholder')).toBe('Unchanged');
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    await dialog.getByTestId('storage-form-ok').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the tasks with their images, streamed through Outpost, in the Data Manager', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}`);
    await page.getByTestId('task-count').getByText('3 tasks').waitFor();
    const thumbnails = page.locator('img.dm-thumb');
    await expectEventually(() => thumbnails.count()).toBe(3);
    for (const thumbnail of await thumbnails.all()) {
      await expectEventually(() => thumbnail.getAttribute('src')).toMatch(/^\/tasks\/\d+\/resolve\/\?fileuri=/);
      await expectEventually(() =>
        thumbnail.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
      ).toBeGreaterThanOrEqual(120);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'storage-s3-dm-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
  });

  it('adds a target bucket, and the annotation of a labeled task is written to it', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
    await section().getByRole('button', { name: 'Add target storage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add target storage' });
    await fillS3(dialog, 'Labels bucket', TARGET);
    await dialog.getByRole('button', { name: 'Add target storage' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await storageCard(page, 'Labels bucket').getByTestId('storage-result').getByText('0 annotations written').waitFor();

    const [task] = await server.api<{ id: number; data: { image: string } }[]>(
      'GET',
      `/api/projects/${projectId}/tasks/?page_size=-1`,
    );
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${task!.id}`);
    await waitForEditor(page, 'Submit');
    const image = labelingEditor(page).locator('img[src^="blob:"]');
    await expectEventually(() =>
      image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThanOrEqual(120);
    await labelingEditor(page).getByRole('checkbox', { name: /Cat/ }).check();
    await editorButton(page, 'Submit').click();
    await toast('Annotation submitted.').waitFor();
    const saved = await server.api<{ annotations: { id: number }[] }>('GET', `/api/tasks/${task!.id}/`);
    const annotation = saved.annotations[0]!.id;
    await expectEventually(() => moto.get(TARGET, String(annotation)), { timeout: 15_000 }).not.toBeNull();
    const written = JSON.parse((await moto.get(TARGET, String(annotation)))!.body.toString('utf8')) as {
      id: number;
      result: { value: { choices: string[] } }[];
      task: { id: number; data: { image: string } };
    };
    expect(written.id).toBe(annotation);
    expect(written.result[0]!.value.choices).toEqual(['Cat']);
    expect(written.task).toMatchObject({ id: task!.id, data: { image: task!.data.image } });
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 20 });
  });
});

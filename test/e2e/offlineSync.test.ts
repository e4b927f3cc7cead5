import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS } from '../helpers/e2eServer.js';
import { editorButton, labelingEditor, waitForEditor } from '../helpers/labelingPage.js';
import { importFile, makePng } from '../helpers/labelingMedia.js';
import { CLI_PATH, spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The reason Outpost exists, end to end: pull a project with images from a remote, stop the
 * remote, label in the UI with the images served from the local cache, then bring the remote back
 * and push. The browser only ever talks to the local server.
 */

const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image">' +
  '<Label value="Square"/></RectangleLabels></View>';

function sync(
  dataDir: string,
  remote: SpawnedCli,
  project: number,
): Promise<{ pulled: Record<string, number>; pushed: Record<string, number>; errors: unknown[] }> {
  const args = [
    'sync',
    '--data',
    dataDir,
    '--remote',
    remote.url,
    '--token',
    remote.token,
    '--project',
    String(project),
    '--json',
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI_PATH, ...args], (error, stdout, stderr) => {
      if (error) reject(new Error(`outpost sync failed: ${stderr}`));
      else resolve(JSON.parse(stdout) as never);
    });
  });
}

describe('offline labeling between two syncs, in Chromium', () => {
  const remoteDir = mkdtempSync(join(tmpdir(), 'outpost-remote-offline-'));
  const localDir = mkdtempSync(join(tmpdir(), 'outpost-local-offline-'));
  let remote: SpawnedCli;
  let browser: Browser;
  let remoteProject: number;
  let remoteTask: number;

  const remoteApi = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${remote.url}${path}`, {
      method,
      headers: { Authorization: `Token ${remote.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    remote = await spawnCli(['serve', '--data', remoteDir, '--port', '0']);
    remoteProject = (
      await remoteApi<{ id: number }>('POST', '/api/projects/', { title: 'Field photos', label_config: IMAGE_CONFIG })
    ).id;
    [remoteTask] = (await importFile(remote.url, remote.token, remoteProject, 'square.png', makePng(320, 200))) as [
      number,
    ];
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await remote?.stop();
    rmSync(remoteDir, { recursive: true, force: true });
    rmSync(localDir, { recursive: true, force: true });
  });

  // Five processes (two servers twice, the CLI syncs) and Chromium: on a loaded 2-core machine over 30 s.
  it('labels with the network gone and pushes the work once the remote is back', async () => {
    const pulled = await sync(localDir, remote, remoteProject);
    expect(pulled.pulled).toMatchObject({ projects: 1, tasks: 1, media: 1 });
    expect(pulled.errors).toEqual([]);

    // The remote goes away; it comes back later on the same address.
    const port = new URL(remote.url).port;
    await remote.stop();

    const local = await spawnCli(['serve', '--data', localDir, '--port', '0']);
    const origin = new URL(local.url).origin;
    // After the submit the stream asks for the next task: a 404 says there is none left.
    const recorded = await openRecordedPage(browser, { colorScheme: 'light' }, [
      { status: 404, path: /^\/api\/projects\/\d+\/next\/$/ },
    ]);
    const { page } = recorded;
    try {
      await page.goto(local.login, { waitUntil: 'load' });
      await page.getByRole('article', { name: 'Field photos' }).waitFor({ timeout: 15_000 });
      await page.goto(`${local.url}/#/projects/1/label`);
      await waitForEditor(page, 'Submit');
      const editor = labelingEditor(page);
      const image = editor.locator('img[src^="blob:"]');
      await image.waitFor();
      await expectEventually(() =>
        image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      ).toBe(320);

      await editor.getByText('Square', { exact: true }).click();
      const box = (await editor.locator('.konvajs-content').first().boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.8, { steps: 8 });
      await page.mouse.up();
      await page.screenshot({ path: join(SCREENSHOTS, 'offline-labeling-light.png') });
      await editorButton(page, 'Submit').click();
      await page.getByRole('region', { name: 'Notifications' }).getByText('Annotation submitted.').waitFor();
      await page
        .getByText(/no tasks left/i)
        .first()
        .waitFor();
      // The work waits for the next push, and the status bar says so (it used to say "Sync: idle").
      await page.getByTestId('sync-status').getByText('Sync: 1 local change to push').waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, 'offline-pending-light.png') });
      // The browser never called the remote, only the local server.
      recorded.expectClean(origin, { moreThan: 5, allowBlobUrls: true });
    } finally {
      await recorded.context.close();
      await local.stop();
    }

    remote = await spawnCli(['serve', '--data', remoteDir, '--port', port]);
    const pushed = await sync(localDir, remote, remoteProject);
    expect(pushed.pushed).toEqual({ annotations: 1, updates: 0, deletions: 0, tasks: 0 });
    const task = await remoteApi<{ annotations: { result: { type: string; value: Record<string, unknown> }[] }[] }>(
      'GET',
      `/api/tasks/${remoteTask}/`,
    );
    expect(task.annotations).toHaveLength(1);
    const rectangle = task.annotations[0]!.result.find((region) => region.type === 'rectanglelabels')!;
    expect(rectangle.value.rectanglelabels).toEqual(['Square']);
    expect(rectangle.value.width).toBeGreaterThan(10);
  }, 120_000);
});

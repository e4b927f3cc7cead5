import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { notification } from './storagePage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * "Label a folder" in browser mode, as `npm start` opens it where Electron cannot run: the
 * desktop app in a browser tab. A folder anywhere (a temp folder, outside the app's own source
 * folder) is labeled once the user names it; the home folder is refused in Outpost's own words,
 * and no message names Label Studio's environment variables.
 */

interface ProjectWire {
  id: number;
  title: string;
}

function envWithoutDisplay(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  // Label Studio's variables mean nothing to browser mode, set or not.
  env.LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT = process.cwd();
  return env;
}

describe('label a folder in browser mode (`outpost start` without Electron)', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let folder: string;

  const dialog = () => page.getByRole('dialog', { name: 'Label a folder' });
  const look = async (path: string) => {
    await dialog().getByLabel('Folder (absolute path)').fill(path);
    await dialog().getByRole('button', { name: 'Look at the folder' }).click();
  };

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'outpost-e2e-browser-mode-reviews-'));
    writeFileSync(join(folder, 'tent.txt'), 'The tent kept us dry all weekend.');
    writeFileSync(join(folder, 'zip.txt'), 'The zipper jammed twice.');
    mkdirSync(join(folder, '.git'));
    writeFileSync(join(folder, '.git', 'config'), '[core]');
    server = await startE2eServer('browser-mode', { command: ['start', '--no-browser'], env: envWithoutDisplay() });
    browser = await launchChromium();
    // The home folder is refused on purpose below.
    recorded = await openRecordedPage(browser, { colorScheme: 'light' }, [
      { status: 400, path: /^\/api\/outpost\/local-folders\/?$/, method: 'POST' },
    ]);
    page = recorded.page;
    page.setDefaultTimeout(10_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('refuses the home folder in its own words, naming no Label Studio setting', async () => {
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Label a folder' }).first().click();
    await dialog().waitFor();
    await look(homedir());
    await dialog()
      .getByText(/is the home folder; choose a folder inside it/)
      .waitFor();
    await expectEventually(() => dialog().getByLabel('Folder (absolute path)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expectEventually(() => dialog().innerText()).not.toMatch(/LABEL_STUDIO|LOCAL_FILES/);
  });

  it('labels a folder outside the app’s source folder: its files become tasks, its hidden files do not', async () => {
    expect(folder.startsWith(process.cwd())).toBe(false);
    await look(folder);
    await dialog().getByTestId('folder-summary').getByText(`Found 2 text files in ${folder}.`).waitFor();
    await expectEventually(() => dialog().innerText()).not.toMatch(/LABEL_STUDIO|LOCAL_FILES/);
    await dialog().getByRole('button', { name: 'Make the project and import' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await notification(page, `Labeling ${folder}: 2 tasks imported.`).waitFor();
    const projects = (await server.api<{ results: ProjectWire[] }>('GET', '/api/projects/')).results;
    expect(projects).toHaveLength(1);
    await page.getByTestId('task-count').getByText('2 tasks').waitFor();
    // The folder is now one the user chose: an API client may use it too.
    const chosen = await server.api<{ folders: string[] }>('GET', '/api/outpost/local-folders/');
    expect(chosen.folders).toEqual([folder]);
    recorded.expectClean(server.origin);
  });
});

import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { openRecordedPage, type ExpectedFailures } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer } from '../helpers/e2eServer.js';
import type { LabelingSession } from '../helpers/labelingPage.js';
import { makePng } from '../helpers/labelingMedia.js';

/*
 * What the browser tests of storages share: `outpost serve` allowed to serve local files from a
 * temporary document root, folders of images in it, the Cloud Storage section and its cards.
 * (Kept beside the tests: test/helpers/ belongs to other work in progress.)
 */

/** An image classification, so one click labels a task. */
export const PHOTO_CONFIG = `<View>
  <Image name="image" value="$image"/>
  <Choices name="animal" toName="image"><Choice value="Cat"/><Choice value="Dog"/></Choices>
</View>`;

/** Failures the tests cause on purpose: the server refuses folders outside its document root. */
export const STORAGE_EXPECTED_FAILURES: ExpectedFailures = [
  { status: 400, path: /^\/api\/storages\/(export\/)?localfiles\/validate$/, method: 'POST' },
  { status: 400, path: /^\/api\/storages\/(export\/)?localfiles$/, method: 'POST' },
  { status: 400, path: /^\/api\/storages\/localfiles\/files$/, method: 'POST' },
];

export interface StorageSession extends LabelingSession {
  /** LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT of the server. */
  root: string;
  /** A folder outside the root, which the server refuses. */
  outside: string;
}

/** Writes `count` small PNGs named `<prefix>-1.png`… into `folder` (made if missing). */
export function writePhotos(folder: string, prefix: string, count: number, from = 1): string[] {
  mkdirSync(folder, { recursive: true });
  return Array.from({ length: count }, (_, index) => {
    const name = `${prefix}-${from + index}.png`;
    writeFileSync(join(folder, name), makePng(96 + 8 * index, 64));
    return name;
  });
}

/** `outpost serve` with local files served from a fresh root, Chromium, and a signed-in page. */
export async function openStorageSession(name: string): Promise<StorageSession> {
  const root = mkdtempSync(join(tmpdir(), `outpost-e2e-${name}-root-`));
  const outside = mkdtempSync(join(tmpdir(), `outpost-e2e-${name}-outside-`));
  const env = {
    ...process.env,
    LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED: 'true',
    LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT: root,
  };
  const server = await startE2eServer(name, { env });
  let browser: Browser | undefined;
  const removeFolders = () => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  };
  try {
    browser = await launchChromium();
    const recorded = await openRecordedPage(browser, { colorScheme: 'light' }, STORAGE_EXPECTED_FAILURES);
    await recorded.page.goto(server.cli.login, { waitUntil: 'load' });
    const launched = browser;
    return {
      ...recorded,
      server,
      browser: launched,
      root,
      outside,
      async close() {
        try {
          await launched.close();
        } finally {
          await server.stop();
          removeFolders();
        }
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    removeFolders();
    throw error;
  }
}

export function storageSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Cloud Storage', exact: true });
}

/** A storage's card, by its title. */
export function storageCard(page: Page, name: string): Locator {
  return storageSection(page).getByRole('article', { name, exact: true });
}

export function notification(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text).first();
}

/** The viewport with the section's top just below the page's sticky header. */
export async function screenshotStorageSection(page: Page, name: string): Promise<void> {
  await storageSection(page).evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.locator('#main').evaluate((main) => main.scrollBy(0, -72));
  await page.screenshot({ path: join(SCREENSHOTS, name) });
}

/** The names of the files in a folder, sorted. */
export function filesIn(folder: string): string[] {
  try {
    // Outpost writes each object as a hidden `.name.….partial` beside it and renames it into
    // place, as rsync does; only the finished files count.
    return readdirSync(folder)
      .filter((name) => !name.startsWith('.'))
      .sort();
  } catch {
    return [];
  }
}

/** Whether the page or its main area scrolls sideways (they must not). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    type Box = { scrollWidth: number; clientWidth: number };
    const doc = (
      globalThis as unknown as { document: { documentElement: Box; getElementById(id: string): Box | null } }
    ).document;
    const boxes = [doc.documentElement, doc.getElementById('main')].filter((box): box is Box => box !== null);
    return boxes.some((box) => box.scrollWidth > box.clientWidth);
  });
}

import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { EDITOR_FRAME, labelingEditor } from '../helpers/labelingPage.js';

/*
 * What the browser tests of the Model section and of model predictions share: the section and
 * its cards, notifications, the failures they provoke on purpose, and selecting a word in the
 * editor. (Kept beside the tests: test/helpers/ belongs to other work in progress.)
 */

/** A text classification the stub model server predicts for ("pos" for label → text). */
export const CLASSIFY_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices>
</View>`;

/** Failures the tests cause on purpose, which Chromium logs. */
export const ML_EXPECTED_FAILURES = [
  // A model server that does not answer (or refuses the credentials) is refused when connected.
  { status: 400, path: /^\/api\/ml$/, method: 'POST' },
  // The built-in model's status endpoint may not be in this server yet.
  { status: 404, path: /^\/api\/outpost\/ml\/local-model$/ },
];

export function modelSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Model', exact: true });
}

/** A connected model's card, by its title. */
export function modelCard(page: Page, name: string): Locator {
  return modelSection(page).getByRole('article', { name });
}

export function notification(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text).first();
}

export async function openModelSettings(page: Page, server: E2eServer, projectId: number): Promise<void> {
  await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
  await modelSection(page).getByRole('heading', { name: 'Model', exact: true }).waitFor();
}

/** The viewport with the Model section's top just below the page's sticky header. */
export async function screenshotModelSection(page: Page, name: string): Promise<void> {
  await modelSection(page).evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.locator('#main').evaluate((main) => main.scrollBy(0, -72));
  await page.screenshot({ path: join(SCREENSHOTS, name) });
}

/** Selects one word of the editor's text by mouse, which the Text tag turns into a labeled span. */
export async function selectWord(page: Page, word: string): Promise<void> {
  const container = labelingEditor(page).locator('.lsf-richtext__container');
  await container.getByText(word, { exact: false }).first().waitFor();
  const box = await container.evaluate((root, target) => {
    // Runs in the page; typed by hand because the test's tsconfig has no DOM library.
    type Rect = { x: number; y: number; width: number; height: number };
    type TextNode = { textContent: string | null };
    type Doc = {
      createTreeWalker(root: unknown, show: number): { nextNode(): TextNode | null };
      createRange(): {
        setStart(node: unknown, at: number): void;
        setEnd(node: unknown, at: number): void;
        getBoundingClientRect(): Rect;
      };
    };
    const doc = (root as unknown as { ownerDocument: Doc }).ownerDocument;
    const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(target) ?? -1;
      if (at < 0) continue;
      const range = doc.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + target.length);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    }
    throw new Error(`no text ${target}`);
  }, word);
  const frameBox = (await page.locator(EDITOR_FRAME).boundingBox())!;
  const y = frameBox.y + box.y + box.height / 2;
  await page.mouse.move(frameBox.x + box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(frameBox.x + box.x + box.width - 1, y, { steps: 5 });
  await page.mouse.up();
}

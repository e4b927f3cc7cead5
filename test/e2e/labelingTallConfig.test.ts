import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';
import {
  createProject,
  importTasks,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  EDITOR_FRAME,
  MOOD_CONFIG,
  type LabelingSession,
} from '../helpers/labelingPage.js';

/*
 * The editor frame takes all the height below the labeling toolbar, and when a config needs more
 * than the window has (a video's timeline, a long list of choices), the frame grows to its
 * content and the page scrolls: nothing at the bottom of the editor is cut off or hidden in a
 * scroll area of its own. Checked with the bundled editor (it has no video timeline) on a config
 * taller than the window, at the two window sizes people use most.
 */

const OPTIONS = Array.from({ length: 50 }, (_, index) => `Option ${index + 1}`);
const TALL_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="topic" toName="text" choice="multiple">
${OPTIONS.map((option) => `    <Choice value="${option}"/>`).join('\n')}
  </Choices>
</View>`;

describe('a config taller than the window, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let tallProject: number;
  let tallTask: number;
  let shortProject: number;
  let shortTask: number;

  beforeAll(async () => {
    session = await openLabelingSession('tall-config', {
      async setup(started) {
        tallProject = await createProject(started, 'Many topics', TALL_CONFIG);
        [tallTask] = (await importTasks(started, tallProject, [{ text: 'Which topics?' }])) as [number];
        shortProject = await createProject(started, 'Moods', MOOD_CONFIG);
        [shortTask] = (await importTasks(started, shortProject, [{ text: 'A sunny day.' }])) as [number];
      },
    });
    ({ server, page } = session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  /** The editor's scrolling root inside the frame: how much it holds, and how much it shows. */
  const editorRoot = () =>
    labelingEditor(page)
      .locator('#editor')
      .evaluate((element) => {
        const root = element as unknown as { scrollHeight: number; clientHeight: number };
        return { content: root.scrollHeight, shown: root.clientHeight };
      });
  const box = async (selector: string) => (await page.locator(selector).boundingBox())!;

  for (const [width, height] of [
    [1440, 900],
    [800, 700],
  ] as const) {
    it(`gives the editor all the height below the toolbar at ${width}x${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.cli.url}/#/projects/${shortProject}/tasks/${shortTask}`);
      await waitForEditor(page, 'Submit');
      const main = await box('.app-main');
      const padding = await page
        .locator('.app-main')
        .evaluate((element) =>
          parseFloat(
            (globalThis as unknown as { getComputedStyle(e: unknown): { paddingBottom: string } }).getComputedStyle(
              element,
            ).paddingBottom,
          ),
        );
      // Down to the page's own bottom padding, and no further: nothing to scroll.
      await expectEventually(async () =>
        Math.round(main.y + main.height - ((await box(EDITOR_FRAME)).y + (await box(EDITOR_FRAME)).height)),
      ).toBe(Math.round(padding));
    });

    it(`grows the frame to a tall config and scrolls the page to its bottom at ${width}x${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.cli.url}/#/projects/${tallProject}/tasks/${tallTask}`);
      await waitForEditor(page, 'Submit');
      // The frame shows all the editor holds: no scroll area inside it hides the bottom.
      await expectEventually(async () => {
        const { content, shown } = await editorRoot();
        return shown >= content && content > height;
      }).toBe(true);
      const last = labelingEditor(page).getByRole('checkbox', { name: /Option 50/ });
      await last.scrollIntoViewIfNeeded();
      const spot = (await last.boundingBox())!;
      expect(spot.y).toBeGreaterThanOrEqual(0);
      expect(spot.y + spot.height).toBeLessThanOrEqual(height);
      await last.check();
      await expectEventually(() => last.isChecked()).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `labeling-tall-config-${width}x${height}.png`) });
    });
  }
});

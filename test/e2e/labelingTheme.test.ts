import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast, frameColors, luminance, type PaintedColors } from '../helpers/editorColors.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import {
  configPreview,
  createProject,
  importTasks,
  inDarkTheme,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The editor frame follows the app's theme: its page and the editor's own panels are dark in the
 * dark theme, light in the light one, and switch when the theme does, with readable text.
 */

const CONFIG = `<View>
  <Labels name="ner" toName="text"><Label value="Person"/><Label value="Place"/></Labels>
  <Text name="text" value="$text"/>
  <Choices name="mood" toName="text"><Choice value="Happy"/><Choice value="Sad"/></Choices>
  <TextArea name="note" toName="text"/>
</View>`;

/** What is painted where: the page, the top bar, the side panel and the main area, and text on them. */
const BODY = 'body';
const TOP_BAR = '.lsf-topbar';
const SIDE_PANEL = "[class*='menu--']";
const MAIN_AREA = "[class*='editor--']";
const TASK_ID = '.lsf-current-task__task-id';
const CHOICE = '.ant-checkbox-wrapper';
const SURFACES = [BODY, TOP_BAR, SIDE_PANEL, MAIN_AREA];

type Painted = Record<string, PaintedColors>;

async function paint(frame: FrameLocator, selectors: string[]): Promise<Painted> {
  const found = await frameColors(frame, selectors);
  for (const selector of selectors) expect(found[selector], selector).not.toBeNull();
  return found as Painted;
}

const isDark = (painted: Painted, selector: string) => luminance(painted[selector]!.background) < 0.05;
const isLight = (painted: Painted, selector: string) => luminance(painted[selector]!.background) > 0.8;

describe('the editor frame in the dark and light themes, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let project: number;
  let task: number;

  beforeAll(async () => {
    session = await openLabelingSession('labeling-theme', {
      async setup(started) {
        project = await createProject(started, 'Moods at night', CONFIG);
        [task] = (await importTasks(started, project, [{ text: 'Alice walked to Paris at night.' }])) as [number];
      },
    });
    ({ server } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  /** The editor's surfaces and text, checked for the theme the page shows. */
  async function expectEditorIn(page: Page, theme: 'dark' | 'light'): Promise<void> {
    const matches = theme === 'dark' ? isDark : isLight;
    let painted: Painted = {};
    // A switch reaches the frame by message: wait until it has repainted.
    await expectEventually(
      async () => {
        painted = await paint(labelingEditor(page), [...SURFACES, TASK_ID, CHOICE]);
        return SURFACES.filter((selector) => !matches(painted, selector));
      },
      { timeout: 5000 },
    ).toEqual([]);
    expect(contrast(painted[TASK_ID]!.color, painted[TOP_BAR]!.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(painted[CHOICE]!.color, painted[MAIN_AREA]!.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(painted[BODY]!.color, painted[BODY]!.background)).toBeGreaterThanOrEqual(4.5);
  }

  it('paints the editor dark in the dark theme and switches with the theme', async () => {
    await inDarkTheme(session, async (page) => {
      await page.goto(`${server.cli.url}/#/projects/${project}/tasks/${task}`);
      await waitForEditor(page, 'Submit');
      await expectEditorIn(page, 'dark');
      await page.screenshot({ path: join(SCREENSHOTS, 'labeling-theme-dark.png') });

      const themes = page.getByRole('banner').getByRole('group', { name: 'Theme' });
      await themes.getByRole('radio', { name: 'Light' }).check();
      await expectEditorIn(page, 'light');
      await page.screenshot({ path: join(SCREENSHOTS, 'labeling-theme-switched-light.png') });

      await themes.getByRole('radio', { name: 'Dark' }).check();
      await expectEditorIn(page, 'dark');
    });
  });

  it('paints the config preview dark in the dark theme', async () => {
    await inDarkTheme(session, async (page) => {
      await page.goto(`${server.cli.url}/#/projects/${project}/settings`);
      const preview = configPreview(page);
      await preview.getByRole('checkbox', { name: /Happy/ }).waitFor({ timeout: 15_000 });
      const painted = await paint(preview, [BODY, MAIN_AREA, CHOICE]);
      expect(isDark(painted, BODY)).toBe(true);
      expect(isDark(painted, MAIN_AREA)).toBe(true);
      expect(contrast(painted[CHOICE]!.color, painted[MAIN_AREA]!.background)).toBeGreaterThanOrEqual(4.5);
      await page.getByRole('heading', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, 'config-preview-theme-dark.png') });
    });
  });

  it('logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 3, allowDataUrls: false });
  });
});

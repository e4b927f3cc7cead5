import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { addPeople, createProjectWithTasks } from '../helpers/comparePeople.js';
import { join } from 'node:path';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';
import { makePng } from '../helpers/labelingMedia.js';

/*
 * The compare view of an image task in Chromium: two annotators draw boxes, a polygon and a
 * keypoint on a 400 x 200 image. Every annotation's shapes are drawn over the one image at their
 * percent coordinates (checked against where the image lies on screen), one annotator's shapes
 * can be switched off, each annotation has its thumbnail, and the box only one drew is marked.
 */

const CONFIG =
  '<View><Image name="img" value="$image"/>' +
  '<RectangleLabels name="box" toName="img"><Label value="Car"/></RectangleLabels>' +
  '<PolygonLabels name="area" toName="img"><Label value="Road"/></PolygonLabels>' +
  '<KeyPointLabels name="point" toName="img"><Label value="Eye"/></KeyPointLabels></View>';
const IMAGE = `data:image/png;base64,${makePng(400, 200).toString('base64')}`;
const SIZE = { original_width: 400, original_height: 200, image_rotation: 0 };

const box = (id: string, x: number, y: number, width: number, height: number) => ({
  id,
  from_name: 'box',
  to_name: 'img',
  type: 'rectanglelabels',
  ...SIZE,
  value: { x, y, width, height, rotation: 0, rectanglelabels: ['Car'] },
});
const road = {
  id: 'p1',
  from_name: 'area',
  to_name: 'img',
  type: 'polygonlabels',
  ...SIZE,
  value: {
    points: [
      [0, 90],
      [50, 60],
      [100, 90],
    ],
    polygonlabels: ['Road'],
  },
};
const eye = { id: 'k1', from_name: 'point', to_name: 'img', type: 'keypointlabels', ...SIZE };

describe('the compare view of an image task, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let mine: number;
  let anas: number;

  beforeAll(async () => {
    server = await startE2eServer('compare-image');
    const [ana] = addPeople(server, [['ana@example.com', 'Ana', 'Lima']]);
    const project = await createProjectWithTasks(server, 'Compare image', CONFIG, [{ image: IMAGE }]);
    const task = project.tasks[0]!;
    const annotate = async (result: object[], extra: object = {}) =>
      (await server.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, { result, ...extra })).id;
    mine = await annotate([
      box('a1', 10, 10, 20, 30),
      box('a2', 60, 50, 30, 40),
      road,
      { ...eye, value: { x: 25, y: 75, width: 1, keypointlabels: ['Eye'] } },
    ]);
    anas = await annotate(
      [box('b1', 11, 10, 20, 30), road, { ...eye, value: { x: 26, y: 75, width: 1, keypointlabels: ['Eye'] } }],
      {
        completed_by: ana,
      },
    );
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light', reducedMotion: 'reduce' });
    page = recorded.page;
    page.setDefaultTimeout(15_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto(`${server.origin}/#/projects/${project.id}/compare/${task}`, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const stage = () => page.locator('.compare-overlay__stage');
  /** Each drawn rectangle of an annotation on the big image, in percent of the image's box on screen. */
  const boxesOnScreen = (annotation: number) =>
    stage().evaluate((element, id) => {
      const image = element.querySelector('img')!.getBoundingClientRect();
      const percent = (value: number, size: number) => Math.round((value / size) * 1000) / 10;
      return Array.from(element.querySelectorAll(`rect[data-annotation="${id}"]`), (rect) => {
        const shape = rect.getBoundingClientRect();
        return [
          rect.getAttribute('data-region'),
          percent(shape.left - image.left, image.width),
          percent(shape.top - image.top, image.height),
          percent(shape.width, image.width),
          percent(shape.height, image.height),
        ];
      });
    }, annotation);

  it('draws every annotation’s shapes over the one image, where they lie', async () => {
    await expectEventually(() =>
      stage()
        .locator('img')
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(400);
    // The stroke is drawn about the outline, so what is on screen is within a pixel of the shape.
    const near = (rows: unknown[][]) =>
      rows.map((row) => row.map((value) => (typeof value === 'number' ? Math.round(value) : value)));
    await expectEventually(async () => near(await boxesOnScreen(mine))).toEqual([
      ['a1', 10, 10, 20, 30],
      ['a2', 60, 50, 30, 40],
    ]);
    await expectEventually(async () => near(await boxesOnScreen(anas))).toEqual([['b1', 11, 10, 20, 30]]);
    await expectEventually(() => stage().locator(`polygon[data-annotation="${anas}"]`).getAttribute('points')).toBe(
      '0,90 50,60 100,90',
    );
    await expectEventually(() => stage().locator(`circle[data-annotation="${mine}"]`).getAttribute('cx')).toBe('25');
    // Each annotation in its own colour.
    const strokes = () =>
      stage()
        .locator('rect')
        .evaluateAll((rects) => new Set(rects.map((rect) => rect.getAttribute('stroke'))).size);
    await expectEventually(strokes).toBe(2);
  });

  it('hides one annotator’s shapes with its switch, and shows them again', async () => {
    const toggle = page.getByRole('checkbox', { name: /Ana Lima/ });
    await toggle.uncheck();
    await expectEventually(() => stage().locator(`[data-annotation="${anas}"]`).count()).toBe(0);
    await expectEventually(() => stage().locator(`rect[data-annotation="${mine}"]`).count()).toBe(2);
    // The thumbnails keep every annotation's own shapes.
    const thumbs = page.getByRole('list', { name: 'Regions on img, one annotation each' });
    await expectEventually(() => thumbs.locator(`rect[data-annotation="${anas}"]`).count()).toBe(1);
    await expectEventually(() => thumbs.getByRole('img').count()).toBe(2);
    await toggle.check();
    await expectEventually(() => stage().locator(`rect[data-annotation="${anas}"]`).count()).toBe(1);
  });

  it('lists the regions and marks the box only one annotator drew', async () => {
    const row = page.locator('tr[data-control="box"]');
    const differs = () =>
      row
        .locator('td')
        .evaluateAll((cells) =>
          cells.map((cell) => Array.from(cell.querySelectorAll('li'), (item) => item.getAttribute('data-differs'))),
        );
    await expectEventually(differs).toEqual([['false', 'true'], ['false']]);
    await expectEventually(() => row.locator('.compare-verdict').textContent()).toBe('differ');
    await expectEventually(() => page.locator('tr[data-control="area"] .compare-verdict').textContent()).toBe('agree');
    await expectEventually(() => page.locator('tr[data-control="point"] .compare-verdict').textContent()).toBe('agree');
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    recorded.expectClean(server.origin);
  });

  it('reads well in the dark theme too', async () => {
    const storageState = await recorded.context.storageState();
    const dark = await openRecordedPage(browser, { colorScheme: 'dark', reducedMotion: 'reduce', storageState });
    dark.page.setDefaultTimeout(15_000);
    await dark.page.goto(page.url(), { waitUntil: 'load' });
    await dark.page.locator('tr[data-control="box"] .compare-verdict').waitFor();
    await expectEventually(() => dark.page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expectEventually(() => seriousAxeViolations(dark.page)).toEqual([]);
    await dark.page.screenshot({ path: join(SCREENSHOTS, 'compare-image-dark.png'), fullPage: true });
    dark.expectClean(server.origin);
    await dark.context.close();
  });
});

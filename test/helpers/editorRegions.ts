import type { Frame, Page } from 'playwright-core';
import { waitUntil } from './eventually.js';
import { EDITOR_FRAME, labelingEditor } from './labelingPage.js';

/*
 * Regions in the labeling editor, made by mouse as an annotator makes them and read back from the
 * editor's own serialized result, so tests compare what a draft carries: labels, text offsets and
 * rectangle coordinates.
 */

/** One item of an annotation's or a draft's result, as Label Studio writes it. */
export interface ResultItem {
  from_name: string;
  type: string;
  value: Record<string, unknown>;
}

/** A result item with only what makes a region the same region: its control, its labels and where it is. */
export type Region = ResultItem;

const PLACE_KEYS = ['start', 'end', 'text', 'x', 'y', 'width', 'height', 'labels', 'rectanglelabels'];

/** Six significant digits: what survives a JSON round trip of the editor's percentages. */
const rounded = (value: unknown) => (typeof value === 'number' ? Number(value.toPrecision(6)) : value);

/** The regions of a result, in a stable order, with only what places and labels them. */
export function regionsOf(result: readonly ResultItem[]): Region[] {
  return result
    .map((item) => ({
      from_name: item.from_name,
      type: item.type,
      value: Object.fromEntries(
        PLACE_KEYS.filter((key) => key in item.value).map((key) => [key, rounded(item.value[key])]),
      ),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The editor frame's window (Playwright reaches into the sandboxed frame as the browser's debugger does). */
export async function editorWindow(page: Page): Promise<Frame> {
  return waitUntil(
    async () => (await (await page.locator(EDITOR_FRAME).elementHandle())?.contentFrame()) ?? null,
    'the editor frame',
  );
}

/** The selected annotation's result, serialized by the editor itself (its store is `window.Htx`). */
export async function editorResult(page: Page): Promise<ResultItem[]> {
  const frame = await editorWindow(page);
  return frame.evaluate(() => {
    type Store = { annotationStore?: { selected?: { serializeAnnotation(): unknown[] } } };
    const store = (globalThis as unknown as { Htx?: Store }).Htx;
    return (store?.annotationStore?.selected?.serializeAnnotation() ?? []) as ResultItem[];
  });
}

/** Clears the editor's region selection, so a label clicked next starts a new region. */
async function unselectRegions(page: Page): Promise<void> {
  const frame = await editorWindow(page);
  await frame.evaluate(() => {
    type Store = { annotationStore?: { selected?: { unselectAll?(): void } } };
    (globalThis as unknown as { Htx?: Store }).Htx?.annotationStore?.selected?.unselectAll?.();
  });
}

/** Picks `label`, then drags the mouse over the first `word` of the editor's text: a span. */
export async function labelSpan(page: Page, label: string, word: string): Promise<void> {
  await unselectRegions(page);
  const before = await regionCount(page, 'labels');
  await labelingEditor(page).getByText(label, { exact: true }).click();
  await dragOverWord(page, word);
  await waitForRegionCount(page, 'labels', before + 1);
}

/** How many regions of `type` the editor's result holds. */
async function regionCount(page: Page, type: string): Promise<number> {
  return (await editorResult(page)).filter((item) => item.type === type).length;
}

/** Waits until the editor's result holds `count` regions of `type`: a drag is done when its region exists. */
async function waitForRegionCount(page: Page, type: string, count: number): Promise<void> {
  await waitUntil(async () => (await regionCount(page, type)) === count, `${count} ${type} region(s) in the editor`);
}

/** Drags the mouse over the first `word` of the editor's text, as an annotator selects it. */
export async function dragOverWord(page: Page, word: string): Promise<void> {
  const container = labelingEditor(page).locator('.lsf-richtext__container');
  await container.getByText(word, { exact: false }).first().waitFor();
  const box = await container.evaluate((root, target) => {
    // Runs in the frame; typed by hand because the test's tsconfig has no DOM library.
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
  const frameBox = await waitUntil(() => page.locator(EDITOR_FRAME).boundingBox(), 'the editor frame on screen');
  const y = frameBox.y + box.y + box.height / 2;
  await page.mouse.move(frameBox.x + box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(frameBox.x + box.x + box.width - 1, y, { steps: 5 });
  await page.mouse.up();
}

/** A point on the image, as fractions of its width and height. */
export interface ImagePoint {
  x: number;
  y: number;
}

/** Waits until the editor's task image has loaded (its pixels are known). */
export async function waitForTaskImage(page: Page): Promise<void> {
  await waitUntil(
    () =>
      labelingEditor(page)
        .locator('img[src^="blob:"]')
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
    'the task image loaded',
  );
}

/** Picks `label`, waits for the image to load, then drags a rectangle from `from` to `to`. */
export async function drawRectangle(page: Page, label: string, from: ImagePoint, to: ImagePoint): Promise<void> {
  await unselectRegions(page);
  const editor = labelingEditor(page);
  await waitForTaskImage(page);
  await editor.getByText(label, { exact: true }).click();
  const before = await regionCount(page, 'rectanglelabels');
  const box = await settledCanvasBox(page);
  await page.mouse.move(box.x + box.width * from.x, box.y + box.height * from.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to.x, box.y + box.height * to.y, { steps: 8 });
  await page.mouse.up();
  await waitForRegionCount(page, 'rectanglelabels', before + 1);
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * The image canvas's box once it holds still at a usable size (two equal reads in a row): the editor
 * resizes its stage as the image loads and the frame's layout settles, and a drag over a stage that
 * is still changing lands somewhere else or makes a rectangle too small to keep.
 */
async function settledCanvasBox(page: Page): Promise<Box> {
  const canvas = labelingEditor(page).locator('.konvajs-content').first();
  let last: Box | null = null;
  return waitUntil(async () => {
    const box = await canvas.boundingBox();
    const same = box && last && JSON.stringify(box) === JSON.stringify(last);
    last = box;
    return same && box.width >= 50 && box.height >= 50 ? box : null;
  }, 'the image canvas sized to the image');
}

/** The editor's selected tool for the image: its kind, and whether it is a smart one. */
export async function selectedTool(page: Page): Promise<{ name: string; smart: boolean } | null> {
  const frame = await editorWindow(page);
  return frame.evaluate(() => {
    type Tool = { toolName: string; dynamic: boolean };
    type Image = { getToolsManager(): { findSelectedTool(): Tool | undefined } };
    type Store = { annotationStore: { selected: { names: Map<string, Image> } } };
    const image = (globalThis as unknown as { Htx: Store }).Htx.annotationStore.selected.names.get('image');
    const tool = image?.getToolsManager().findSelectedTool();
    return tool ? { name: tool.toolName, smart: tool.dynamic } : null;
  });
}

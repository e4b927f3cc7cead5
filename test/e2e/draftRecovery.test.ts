import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPage } from '../helpers/browserPage.js';
import type { E2eServer } from '../helpers/e2eServer.js';
import { expectEventually, waitUntil } from '../helpers/eventually.js';
import { importMedia, makePng } from '../helpers/labelingMedia.js';
import {
  createProject,
  importTasks,
  openLabelingSession,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import {
  drawRectangle,
  editorResult,
  editorWindow,
  labelSpan,
  regionsOf,
  type Region,
  type ResultItem,
} from '../helpers/editorRegions.js';

/*
 * Nothing saved is lost when the editor dies. Regions drawn on a task of the label stream are kept
 * as a draft about a second after the last change; when the editor's frame restarts on its own,
 * when the whole page is reloaded, or when the browser's renderer process crashes and the stream is
 * opened again, the same task comes back with the same regions. What the frame had not saved yet
 * when it died is at most the last second of work.
 */

/** Spans on the text and rectangles on the image: regions, which a draft must carry exactly. */
const CONFIG = `<View>
  <Labels name="ner" toName="text"><Label value="Person"/><Label value="Place"/></Labels>
  <Text name="text" value="$text"/>
  <Image name="image" value="$image" maxWidth="320px"/>
  <RectangleLabels name="box" toName="image"><Label value="Square"/><Label value="Other"/></RectangleLabels>
</View>`;
const TEXTS = ['Alice went to Paris.', 'Bob flew to Rome.', 'Carol sailed to Oslo.', 'Dan drove to Lyon.'];
/** The end of a label stream is the server's 404, which Chromium logs. */
const STREAM_END = [{ status: 404, path: /\/api\/projects\/\d+\/next\/$/ }];

/** Each case labels, saves, kills and reloads an editor: minutes on a loaded two-core machine. */
const CASE = { timeout: 120_000 };

interface Task {
  drafts: { result: ResultItem[] }[];
}

describe('drafts survive the editor dying, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  /** One project with one task per case, so a case that fails leaves the others their own stream. */
  const streams: { project: number; task: number }[] = [];

  beforeAll(async () => {
    session = await openLabelingSession('draft-recovery', {
      expected: STREAM_END,
      async setup(started) {
        // An upload to an image-only project gives a file address the tasks labeled here use.
        const images = await createProject(started, 'Squares', '<View><Image name="image" value="$image"/></View>');
        const [upload] = (await importMedia(started, images, 'square.png', makePng(320, 200))) as [number];
        const { data } = await started.api<{ data: { image: string } }>('GET', `/api/tasks/${upload}/`);
        for (const text of TEXTS) {
          const project = await createProject(started, `People and squares: ${text}`, CONFIG);
          const [task] = (await importTasks(started, project, [{ text, image: data.image }])) as [number];
          streams.push({ project, task });
        }
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  const streamUrl = (taskId: number) =>
    `${server.cli.url}/#/projects/${streams.find((stream) => stream.task === taskId)!.project}/label`;
  const heading = (on: Page, taskId: number) => on.getByRole('heading', { name: `Task ${taskId}`, level: 1 });
  const savedDraft = async (taskId: number) =>
    regionsOf((await server.api<Task>('GET', `/api/tasks/${taskId}/`)).drafts[0]?.result ?? []);

  /** Opens the stream on `taskId`, labels a person and draws a square, and waits for the server's draft. */
  async function labelAndSave(on: Page, taskId: number, person: string): Promise<Region[]> {
    await on.goto(streamUrl(taskId));
    await heading(on, taskId).waitFor();
    await waitForEditor(on, 'Submit');
    await labelSpan(on, 'Person', person);
    await drawRectangle(on, 'Square', { x: 0.25, y: 0.2 }, { x: 0.6, y: 0.7 });
    const made = regionsOf(await editorResult(on));
    expect(made.map((region) => region.type).sort()).toEqual(['labels', 'rectanglelabels']);
    await on
      .getByTestId('draft-status')
      .getByText(/^Draft saved at/)
      .waitFor();
    await expectEventually(() => savedDraft(taskId)).toEqual(made);
    return made;
  }

  /** The editor shows `taskId` again with exactly `regions` (the editor's own serialized result). */
  async function expectRestored(on: Page, taskId: number, regions: Region[]): Promise<void> {
    await heading(on, taskId).waitFor();
    await waitForEditor(on, 'Submit');
    await expectEventually(async () => regionsOf(await editorResult(on)), { timeout: 30_000 }).toEqual(regions);
  }

  /** Submits the task: the annotation carries the restored regions. */
  async function submit(on: Page, taskId: number, regions: Region[]): Promise<void> {
    await on.keyboard.press('Control+Enter');
    const annotations = async () =>
      (await server.api<{ annotations: { result: ResultItem[] }[] }>('GET', `/api/tasks/${taskId}/`)).annotations;
    await expectEventually(async () => (await annotations()).map((item) => regionsOf(item.result))).toEqual([regions]);
  }

  it('restores the regions when only the editor frame restarts', CASE, async () => {
    const task = streams[0]!.task;
    const made = await labelAndSave(page, task, 'Alice');
    const frame: Frame = await editorWindow(page);
    await frame.evaluate(() => location.reload());
    await expectRestored(page, task, made);
    await submit(page, task, made);
  });

  it('restores the regions when the whole page is reloaded', CASE, async () => {
    const task = streams[1]!.task;
    const made = await labelAndSave(page, task, 'Bob');
    await page.reload();
    await expectRestored(page, task, made);
    await submit(page, task, made);
  });

  it("restores the regions after the page's renderer process crashed, in a new page", CASE, async () => {
    const task = streams[2]!.task;
    const made = await labelAndSave(page, task, 'Carol');
    const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
    const cdp = await session.context.newCDPSession(page);
    // Page.crash never answers: the renderer it would answer from is gone.
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    page = await session.context.newPage();
    recordPage(page, session.record, STREAM_END);
    await page.goto(streamUrl(task));
    await expectRestored(page, task, made);
    await submit(page, task, made);
  });

  it('loses at most the last second of work when the frame dies before its draft was saved', CASE, async () => {
    const task = streams[3]!.task;
    const saved = await labelAndSave(page, task, 'Dan');
    // One more region, then the frame dies at once: sooner than the draft's one-second wait.
    await labelSpan(page, 'Place', 'Lyon');
    const unsaved = regionsOf(await editorResult(page));
    expect(unsaved).toHaveLength(3);
    const frame = await editorWindow(page);
    await frame.evaluate(() => location.reload());
    await heading(page, task).waitFor();
    await waitForEditor(page, 'Submit');
    // What comes back is everything saved before the last change, and nothing that was not made.
    const restored = await waitUntil(async () => {
      // While the editor starts over its frame may go away under the read: that read counts as none.
      const regions = regionsOf(await editorResult(page).catch(() => []));
      return regions.length >= saved.length ? regions : null;
    }, 'the saved regions back in the editor');
    expect(restored).toEqual(expect.arrayContaining(saved));
    expect(unsaved).toEqual(expect.arrayContaining(restored));
    console.log(
      `frame died right after a change: ${restored.length === unsaved.length ? 'the change had been saved' : 'the last change (under a second old) was lost'}`,
    );
    session.expectClean(server.origin, { moreThan: 10 });
  });
});

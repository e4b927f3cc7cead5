import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { importMedia, makePng } from '../helpers/labelingMedia.js';
import {
  createProject,
  editorButton as topbarButton,
  importTasks,
  inDarkTheme,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  EDITOR_FRAME,
  STREAM_END,
  type EditorButton,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { dragOverWord } from '../helpers/editorRegions.js';
import { expectEventually } from '../helpers/eventually.js';

/** The end of a label stream is the server's 404, which Chromium logs; the tests reach it on purpose. */
const IMAGE_CONFIG = `<View>
  <Image name="image" value="$image"/>
  <RectangleLabels name="box" toName="image"><Label value="Square"/><Label value="Other"/></RectangleLabels>
</View>`;
const TEXT_CONFIG = `<View>
  <Labels name="ner" toName="text"><Label value="Person"/><Label value="Place"/></Labels>
  <Text name="text" value="$text"/>
  <Choices name="mood" toName="text"><Choice value="Happy"/><Choice value="Sad"/></Choices>
</View>`;
const TEXTS = ['Alice went to Paris yesterday.', 'Bob stayed home all week.', 'Carol wrote to Dan.', 'Eve met Frank.'];

interface Annotation {
  id: number;
  result: { type: string; value: Record<string, unknown>; from_name: string }[];
  was_cancelled: boolean;
}
interface Task {
  id: number;
  annotations: Annotation[];
  drafts: { id: number; result: unknown[]; annotation: number | null }[];
}

describe('labeling page in Chromium against outpost serve', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let imageProject: number;
  let imageTask: number;
  let textProject: number;
  let textTasks: number[];

  const editor = () => labelingEditor(page);
  const heading = (name: string | RegExp) => page.getByRole('heading', { name, level: 1 });
  /** Waits for a notification and dismisses it, so the next one with the same text is new. */
  const toast = (text: string) => ({
    async waitFor() {
      const item = page.getByRole('region', { name: 'Notifications' }).locator('> *', { hasText: text }).first();
      await item.waitFor();
      await item.getByRole('button', { name: 'Dismiss notification' }).click();
      await item.waitFor({ state: 'detached' });
    },
  });

  const editorButton = (name: EditorButton) => topbarButton(page, name);
  const editorReady = (button: 'Submit' | 'Update') => waitForEditor(page, button);

  // Dragging over one word selects it, which the editor's Text tag turns into a span.
  const selectWord = (word: string) => dragOverWord(page, word);

  beforeAll(async () => {
    session = await openLabelingSession('labeling', {
      expected: STREAM_END,
      async setup(started) {
        imageProject = await createProject(started, 'Squares', IMAGE_CONFIG);
        [imageTask] = (await importMedia(started, imageProject, 'square.png', makePng(320, 200))) as [number];
        textProject = await createProject(started, 'People and places', TEXT_CONFIG, {
          expert_instruction: '<p>Mark every <b>person</b> and <b>place</b>, then pick the mood.</p>',
          show_instruction: true,
        });
        textTasks = await importTasks(
          started,
          textProject,
          TEXTS.map((text) => ({ text })),
        );
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('draws a rectangle by mouse on an uploaded image and submits it', async () => {
    await page.goto(`${server.cli.url}/#/projects/${imageProject}/label`);
    await editorReady('Submit');
    // The sandboxed frame shows the upload from the bytes the page fetched for it.
    const image = editor().locator('img[src^="blob:"]');
    await image.waitFor();
    await expectEventually(() =>
      image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(320);
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-image-light.png') });

    await editor().getByText('Square', { exact: true }).click();
    const box = (await editor().locator('.konvajs-content').first().boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.7, { steps: 8 });
    await page.mouse.up();
    await editorButton('Submit').click();
    await toast('Annotation submitted.').waitFor();

    const task = await server.api<Task>('GET', `/api/tasks/${imageTask}/`);
    const [annotation] = task.annotations;
    expect(task.annotations).toHaveLength(1);
    const rectangle = annotation!.result.find((item) => item.type === 'rectanglelabels')!;
    expect(rectangle.value.rectanglelabels).toEqual(['Square']);
    for (const key of ['x', 'y', 'width', 'height']) {
      expect(rectangle.value[key]).toBeGreaterThan(5);
      expect(rectangle.value[key]).toBeLessThan(100);
    }
    expect(Number(rectangle.value.x) + Number(rectangle.value.width)).toBeLessThanOrEqual(100);
  });

  it('labels a span by mouse and a choice in one config, submits, and the stream moves on', async () => {
    await page.goto(`${server.cli.url}/#/projects/${textProject}/label`);
    await heading(`Task ${textTasks[0]}`).waitFor();
    await editorReady('Submit');
    await page.getByRole('complementary', { name: 'Instructions' }).getByText('Mark every').waitFor();
    await editor().getByText('Person', { exact: true }).click();
    await selectWord('Alice');
    await editor().getByRole('checkbox', { name: /Happy/ }).check();
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-text-light.png') });
    await editorButton('Submit').click();
    await toast('Annotation submitted.').waitFor();
    await heading(`Task ${textTasks[1]}`).waitFor();

    const task = await server.api<Task>('GET', `/api/tasks/${textTasks[0]}/`);
    expect(task.annotations).toHaveLength(1);
    const result = task.annotations[0]!.result;
    const span = result.find((item) => item.type === 'labels')!;
    expect(span.value).toMatchObject({ start: 0, end: 5, text: 'Alice', labels: ['Person'] });
    expect(result.find((item) => item.type === 'choices')!.value).toEqual({ choices: ['Happy'] });
  });

  it('skips a task: a cancelled annotation, and the next task comes', async () => {
    await editorReady('Submit');
    await editorButton('Skip').click();
    await toast('Task skipped.').waitFor();
    await heading(`Task ${textTasks[2]}`).waitFor();
    const task = await server.api<Task>('GET', `/api/tasks/${textTasks[1]}/`);
    expect(task.annotations.map((annotation) => annotation.was_cancelled)).toEqual([true]);
  });

  it('saves a draft while working and restores it after a reload', async () => {
    await editorReady('Submit');
    await editor().getByRole('checkbox', { name: /Sad/ }).check();
    await page
      .getByTestId('draft-status')
      .getByText(/^Draft saved at/)
      .waitFor({ timeout: 15_000 });
    const drafts = (await server.api<Task>('GET', `/api/tasks/${textTasks[2]}/`)).drafts;
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.annotation).toBeNull();
    expect(JSON.stringify(drafts[0]!.result)).toContain('Sad');

    await page.reload();
    await heading(`Task ${textTasks[2]}`).waitFor();
    await editorReady('Submit');
    await expectEventually(() => editor().getByRole('checkbox', { name: /Sad/ }).isChecked()).toBe(true);
    await expectEventually(() => editor().getByRole('checkbox', { name: /Happy/ }).isChecked()).toBe(false);
  });

  it('goes back through the stream with previous, and forward again with next', async () => {
    await page.getByRole('button', { name: '← Previous task' }).click();
    await heading(`Task ${textTasks[1]}`).waitFor();
    await page.getByRole('button', { name: '← Previous task' }).click();
    await heading(`Task ${textTasks[0]}`).waitFor();
    // My submitted annotation opens, ready to update.
    await editorReady('Update');
    await expectEventually(() => editor().getByRole('checkbox', { name: /Happy/ }).isChecked()).toBe(true);
    await expectEventually(() => page.getByRole('button', { name: '← Previous task' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next task →' }).click();
    await heading(`Task ${textTasks[1]}`).waitFor();
    await page.getByRole('button', { name: 'Next task →' }).click();
    await heading(`Task ${textTasks[2]}`).waitFor();
    await expectEventually(() => page.getByRole('button', { name: 'Next task →' }).isDisabled()).toBe(true);
  });

  it('updates an annotation (Ctrl+Enter from the page) and deletes it after confirming', async () => {
    const taskId = textTasks[0]!;
    await page.goto(`${server.cli.url}/#/projects/${textProject}/tasks/${taskId}`);
    await heading(`Task ${taskId}`).waitFor();
    await editorReady('Update');
    // One choice at a time: choosing Sad replaces Happy.
    await editor().getByRole('checkbox', { name: /Sad/ }).click();
    await expectEventually(() => editor().getByRole('checkbox', { name: /Sad/ }).isChecked()).toBe(true);
    await heading(`Task ${taskId}`).click();
    await page.keyboard.press('Control+Enter');
    await toast('Annotation updated.').waitFor();
    const updated = (await server.api<Task>('GET', `/api/tasks/${taskId}/`)).annotations;
    expect(updated).toHaveLength(1);
    expect(updated[0]!.result.find((item) => item.type === 'choices')!.value).toEqual({ choices: ['Sad'] });

    await editorReady('Update');
    await page.getByRole('button', { name: 'Delete annotation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this annotation?' });
    await confirm.getByRole('button', { name: 'Delete annotation' }).click();
    await toast('Annotation deleted.').waitFor();
    expect((await server.api<Task>('GET', `/api/tasks/${taskId}/`)).annotations).toEqual([]);
    await editorReady('Submit');
  });

  it('moves between tasks of the data in id order with the arrow keys, also from inside the editor', async () => {
    await expectEventually(() => page.getByRole('button', { name: '← Previous task' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next task →' }).waitFor();
    await expectEventually(() => page.getByRole('button', { name: 'Next task →' }).isEnabled()).toBe(true);
    await heading(`Task ${textTasks[0]}`).click();
    await page.keyboard.press('ArrowRight');
    await heading(`Task ${textTasks[1]}`).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/projects/${textProject}/tasks/${textTasks[1]}`);
    await editorReady('Submit');
    await expectEventually(() => page.getByRole('button', { name: '← Previous task' }).isEnabled()).toBe(true);
    // Focus inside the editor: the frame forwards the key to the page.
    await editor().locator('.lsf-richtext__container').click();
    await page.keyboard.press('ArrowLeft');
    await heading(`Task ${textTasks[0]}`).waitFor();
  });

  it('shows predictions as pre-annotations', async () => {
    const taskId = textTasks[3]!;
    await server.api('POST', '/api/predictions/', {
      task: taskId,
      model_version: 'ner-v1',
      score: 0.9,
      result: [
        {
          id: 'pred1',
          from_name: 'ner',
          to_name: 'text',
          type: 'labels',
          value: { start: 8, end: 13, text: 'Frank', labels: ['Person'] },
        },
      ],
    });
    await page.goto(`${server.cli.url}/#/projects/${textProject}/tasks/${taskId}`);
    await heading(`Task ${taskId}`).waitFor();
    await editorReady('Submit');
    await editor().locator('.htx-highlight').getByText('Frank').waitFor();
    await editorButton('Submit').click();
    await toast('Annotation submitted.').waitFor();
    const [annotation] = (await server.api<Task>('GET', `/api/tasks/${taskId}/`)).annotations;
    expect(annotation!.result.find((item) => item.type === 'labels')!.value).toMatchObject({
      text: 'Frank',
      labels: ['Person'],
    });
  });

  it('opens the shortcuts help with ?, on the page and from inside the editor', async () => {
    await editorReady('Update');
    await heading(/^Task/).click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await expectEventually(() => help.getByText('Submit or update the annotation').count()).toBe(1);
    await expectEventually(() => help.getByText('Undo / redo').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-help-light.png') });
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await editor().locator('.lsf-richtext__container').click();
    await page.keyboard.press('?');
    await help.waitFor();
    await help.getByRole('button', { name: 'Close' }).click();
  });

  it('says so nicely when the stream has nothing left, with a way back to the data', async () => {
    const done = await createProject(server, 'Finished', TEXT_CONFIG);
    const [task] = await importTasks(server, done, [{ text: 'Only one.' }]);
    await server.api('POST', `/api/tasks/${task!}/annotations/`, { result: [] });
    await page.goto(`${server.cli.url}/#/projects/${done}/label`);
    await page.getByRole('heading', { name: 'All done: no tasks left for you' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-done-light.png') });
    await page.getByRole('link', { name: 'Back to the data' }).click();
    expect(new URL(page.url()).hash).toBe(`#/projects/${done}`);
  });

  // The editor frame's own colors in the dark theme are checked in labelingTheme.test.ts.
  it('passes the accessibility scan (contrast included) around the editor in the dark theme', async () => {
    await inDarkTheme(
      session,
      async (darkPage) => {
        for (const [name, hash] of [
          ['image', `#/projects/${imageProject}/tasks/${imageTask}`],
          ['text', `#/projects/${textProject}/tasks/${textTasks[3]}`],
        ] as const) {
          await darkPage.goto(`${server.cli.url}/${hash}`);
          await waitForEditor(darkPage, 'Update');
          await expectEventually(() => darkPage.locator('html').getAttribute('data-theme')).toBe('dark');
          await darkPage.screenshot({ path: join(SCREENSHOTS, `labeling-${name}-dark.png`) });
          await expectEventually(() => seriousAxeViolations(darkPage, [EDITOR_FRAME]), { message: name }).toEqual([]);
        }
      },
      { requests: true },
    );
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 10, allowDataUrls: false, allowBlobUrls: true });
  });
});

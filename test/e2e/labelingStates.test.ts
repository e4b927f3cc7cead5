import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import {
  createProject,
  editorButton,
  importTasks,
  inDarkTheme,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  EDITOR_FRAME,
  STREAM_END,
  MOOD_CONFIG,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The labeling page when the editor cannot label: a config it cannot render, no config at all,
 * an editor that does not come up (slow, or failing) and a task I skipped before.
 */

const VIDEO_CONFIG = `<View>
  <Video name="video" value="$video"/>
  <VideoRectangle name="box" toName="video"/>
  <Labels name="kind" toName="video"><Label value="Car"/></Labels>
</View>`;
const EDITOR_SCRIPT = /\/lsf\/main\.js$/;
/** The editor's script answered 404 on purpose, to make the editor fail. */
const BROKEN_EDITOR = [{ status: 404, path: EDITOR_SCRIPT }, ...STREAM_END];

interface Task {
  annotations: { was_cancelled: boolean; result: unknown[] }[];
}

describe('labeling page when the editor cannot label, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let textProject: number;
  let textTasks: number[];
  let videoProject: number;
  let videoTask: number;
  let emptyProject: number;
  let emptyTask: number;
  let viewOnlyProject: number;

  const taskPage = (project: number, task: number) => `${server.cli.url}/#/projects/${project}/tasks/${task}`;
  const heading = (name: string) => page.getByRole('heading', { name, exact: true });
  const setLoadTimeout = (ms: number | null) =>
    page.evaluate(
      ms === null
        ? "localStorage.removeItem('outpost.editorLoadTimeoutMs')"
        : `localStorage.setItem('outpost.editorLoadTimeoutMs', '${ms}')`,
    );

  beforeAll(async () => {
    session = await openLabelingSession('labeling-states', {
      expected: BROKEN_EDITOR,
      async setup(started) {
        textProject = await createProject(started, 'Moods', MOOD_CONFIG);
        textTasks = await importTasks(started, textProject, [{ text: 'A sunny day.' }, { text: 'Rain again.' }]);
        videoProject = await createProject(started, 'Cars on video', VIDEO_CONFIG);
        [videoTask] = (await importTasks(started, videoProject, [{ video: '/data/upload/1/cars.mp4' }])) as [number];
        emptyProject = await createProject(started, 'Not set up', '<View></View>');
        [emptyTask] = (await importTasks(started, emptyProject, [{ text: 'Waiting for a config.' }])) as [number];
        viewOnlyProject = await createProject(started, 'Only shows', '<View><Text name="t" value="$text"/></View>');
        await importTasks(started, viewOnlyProject, [{ text: 'Nothing to pick.' }]);
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('names the tags the editor cannot show and offers to edit the config, instead of loading forever', async () => {
    const remoteAnswer = page.waitForResponse((response) => /\/api\/outpost\/tasks\/\d+\/remote/.test(response.url()));
    await page.goto(taskPage(videoProject, videoTask));
    await heading("The editor cannot show this project's labeling config").waitFor();
    const explanation = page.getByRole('listitem').filter({ hasText: '<VideoRectangle>' });
    await expectEventually(() => explanation.textContent()).toBe(
      '<VideoRectangle>: added to Label Studio after the 1.4.0 editor',
    );
    await expectEventually(() => page.locator(EDITOR_FRAME).count()).toBe(0);
    // A project made here has no team server to label on.
    expect((await remoteAnswer).status()).toBe(200);
    await expectEventually(() => page.getByRole('link', { name: /^Label this task on/ }).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-unsupported-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Edit the labeling config' }).click();
    await page.getByRole('heading', { name: 'Labeling interface' }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/projects/${videoProject}/settings`);
  });

  it('says a project has no labeling config yet and offers to set it up, with no Submit', async () => {
    await page.goto(`${server.cli.url}/#/projects/${emptyProject}/label`);
    await heading('This project has no labeling config yet').waitFor();
    await expectEventually(() => page.locator(EDITOR_FRAME).count()).toBe(0);
    // The submit shortcut has no editor to reach: nothing is saved.
    await page.keyboard.press('Control+Enter');
    expect((await server.api<Task>('GET', `/api/tasks/${emptyTask}/`)).annotations).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-no-config-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${server.cli.url}/#/projects/${viewOnlyProject}/label`);
    await heading("This project's labeling config has nothing to label with").waitFor();
    await page.getByRole('link', { name: 'Set up the labeling interface' }).click();
    await page.getByRole('heading', { name: 'Labeling interface' }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/projects/${viewOnlyProject}/settings`);
  });

  it('says so when the editor takes too long, and shows it when it comes after all', async () => {
    const held: Route[] = [];
    await page.route(EDITOR_SCRIPT, (route) => void held.push(route));
    await setLoadTimeout(1500);
    try {
      await page.goto(taskPage(textProject, textTasks[0]!));
      const slow = page.getByRole('alert').filter({ hasText: 'The editor is taking too long to load' });
      await slow.waitFor();
      await expectEventually(() => slow.textContent()).toContain('It has not finished loading after 1.5 seconds.');
      await page.screenshot({ path: join(SCREENSHOTS, 'labeling-editor-slow-light.png') });
      await expectEventually(() => seriousAxeViolations(page, [EDITOR_FRAME])).toEqual([]);

      for (const route of held) await route.continue();
      await page.unroute(EDITOR_SCRIPT);
      await waitForEditor(page, 'Submit');
      await slow.waitFor({ state: 'detached' });
    } finally {
      await setLoadTimeout(null);
    }
  });

  it('says why the editor could not start and starts it again with Retry', async () => {
    await page.route(EDITOR_SCRIPT, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(taskPage(textProject, textTasks[1]!));
    const failure = page.getByRole('alert').filter({ hasText: 'The editor could not start' });
    await failure.waitFor();
    await expectEventually(() => failure.textContent()).toContain('The labeling editor could not be loaded.');
    await expectEventually(() =>
      failure.getByRole('link', { name: 'Edit the labeling config' }).getAttribute('href'),
    ).toBe(`#/projects/${textProject}/settings`);
    await expectEventually(() => page.locator(EDITOR_FRAME).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-editor-failed-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);

    await page.unroute(EDITOR_SCRIPT);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await waitForEditor(page, 'Submit');
    await expectEventually(() => failure.count()).toBe(0);
  });

  it('marks a task I skipped, and it can still be labeled', async () => {
    const taskId = textTasks[1]!;
    await server.api('POST', `/api/tasks/${taskId}/annotations/`, { result: [], was_cancelled: true });
    const skippedAt = (await server.api<{ annotations: { updated_at: string }[] }>('GET', `/api/tasks/${taskId}/`))
      .annotations[0]!.updated_at;
    // The page shows this task already (the test before): a reload reads it again.
    await page.goto(taskPage(textProject, taskId));
    await page.reload();
    const mark = page.getByTestId('skipped-mark');
    await mark.waitFor();
    await expectEventually(() => mark.textContent()).toMatch(/^You skipped this task on \D*\d.*\d{4}.*\d:\d{2}/);
    await expectEventually(() => mark.locator('time').getAttribute('datetime')).toBe(new Date(skippedAt).toISOString());
    await waitForEditor(page, 'Submit');
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-skipped-light.png') });
    await expectEventually(() => seriousAxeViolations(page, [EDITOR_FRAME])).toEqual([]);

    await labelingEditor(page).getByRole('checkbox', { name: /Sad/ }).check();
    await editorButton(page, 'Submit').click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Annotation submitted.').waitFor();
    await mark.waitFor({ state: 'detached' });
    const task = await server.api<Task>('GET', `/api/tasks/${taskId}/`);
    expect(task.annotations.map((annotation) => annotation.was_cancelled)).toEqual([true, false]);
  });

  it('shows these states readably in the dark theme', async () => {
    await inDarkTheme(session, async (dark) => {
      const shots: [string, string, string][] = [
        ['unsupported', taskPage(videoProject, videoTask), "The editor cannot show this project's labeling config"],
        ['no-config', `${server.cli.url}/#/projects/${emptyProject}/label`, 'This project has no labeling config yet'],
      ];
      for (const [name, url, title] of shots) {
        await dark.goto(url);
        await dark.getByRole('heading', { name: title }).waitFor();
        await dark.screenshot({ path: join(SCREENSHOTS, `labeling-${name}-dark.png`) });
        await expectEventually(() => seriousAxeViolations(dark)).toEqual([]);
      }
      await dark.route(EDITOR_SCRIPT, (route) => route.fulfill({ status: 404, body: 'gone' }));
      await dark.goto(taskPage(textProject, textTasks[0]!));
      await dark.getByRole('alert').filter({ hasText: 'The editor could not start' }).waitFor();
      await dark.screenshot({ path: join(SCREENSHOTS, 'labeling-editor-failed-dark.png') });
      await expectEventually(() => seriousAxeViolations(dark)).toEqual([]);
    });
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 10, allowDataUrls: false });
  });
});

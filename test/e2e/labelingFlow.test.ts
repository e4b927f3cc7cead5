import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../helpers/e2eServer.js';
import { expectEventually, waitUntil } from '../helpers/eventually.js';
import {
  createProject,
  editorButton,
  importTasks,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  STREAM_END,
  type LabelingSession,
} from '../helpers/labelingPage.js';

/*
 * The annotator's flow through the label stream: the task after the one on screen is fetched while
 * it is open, a submit shows it without waiting for the save, a save that fails stays on screen
 * until it goes through, and "Label all tasks" from a Data Manager tab walks that tab's tasks in its
 * order.
 */

const CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="mood" toName="text"><Choice value="Happy" hotkey="1"/><Choice value="Sad" hotkey="2"/></Choices>
</View>`;

/** The submit the test refuses once, as a server that is briefly away would. */
const REFUSED_SAVE = [{ status: 503, path: /\/api\/tasks\/\d+\/annotations\/$/ }];

interface Task {
  annotations: { result: Record<string, unknown>[] }[];
}

describe('the label stream in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let flowProject: number;
  let flowTasks: number[];
  let keysProject: number;
  let keysTasks: number[];
  let stayProject: number;
  let stayTasks: number[];
  let tabProject: number;
  let tabTasks: number[];
  let keepersTab: number;
  const requests: string[] = [];

  const heading = (id: number) => page.getByRole('heading', { name: `Task ${id}`, level: 1 });
  const annotationsOf = async (id: number) => (await server.api<Task>('GET', `/api/tasks/${id}/`)).annotations;

  beforeAll(async () => {
    session = await openLabelingSession('labeling-flow', {
      expected: [...STREAM_END, ...REFUSED_SAVE],
      async setup(started) {
        flowProject = await createProject(started, 'Flow', CONFIG);
        flowTasks = await importTasks(
          started,
          flowProject,
          ['one', 'two', 'three'].map((text) => ({ text })),
        );
        keysProject = await createProject(started, 'Keys', CONFIG);
        keysTasks = await importTasks(started, keysProject, [{ text: 'By keyboard alone.' }]);
        stayProject = await createProject(started, 'Stays', CONFIG);
        stayTasks = await importTasks(started, stayProject, [{ text: 'Stay here.' }, { text: 'Then here.' }]);
        tabProject = await createProject(started, 'Tabbed', CONFIG);
        const data = ['a', 'b', 'c', 'd', 'e', 'f'].map((text, index) => ({
          text,
          group: index % 2 ? 'keep' : 'drop',
        }));
        tabTasks = await importTasks(started, tabProject, data);
        const filters = {
          conjunction: 'and',
          items: [{ filter: 'filter:tasks:data.group', operator: 'equal', type: 'String', value: 'keep' }],
        };
        const view = await started.api<{ id: number }>('POST', '/api/dm/views/', {
          project: tabProject,
          data: { title: 'Keepers', filters, ordering: ['-tasks:id'] },
        });
        keepersTab = view.id;
      },
    });
    ({ server, page } = session);
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('fetches the next task ahead, moves on at submit, and keeps a failed save on screen until it goes', async () => {
    const [first, second] = flowTasks as [number, number];
    await page.goto(`${server.cli.url}/#/projects/${flowProject}/label`);
    await heading(first).waitFor();
    await waitForEditor(page, 'Submit');
    // The task after this one is read while this one is open.
    await waitUntil(() => requests.includes(`GET /api/tasks/${second}/`), `task ${second} fetched ahead`);

    await page.route(
      `**/api/tasks/${first}/annotations/`,
      (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Away for a moment."}' }),
      { times: 1 },
    );
    await editorButton(page, 'Submit').click();
    await heading(second).waitFor();
    const unsaved = page.getByTestId('unsaved-work');
    await expectEventually(() => unsaved.textContent()).toMatch(new RegExp(`Task ${first} \\(submit\\)`));
    expect(await annotationsOf(first)).toEqual([]);
    // The data of the task shown now was read before the submit was sent: nothing waited for it.
    const submitted = requests.indexOf(`POST /api/tasks/${first}/annotations/`);
    expect(submitted).toBeGreaterThan(requests.indexOf(`GET /api/tasks/${second}/`));

    await unsaved.getByRole('button', { name: 'Try again' }).click();
    await unsaved.waitFor({ state: 'detached' });
    await expectEventually(async () => (await annotationsOf(first)).length).toBe(1);
    // The stream went on meanwhile, on the task it had shown.
    await expectEventually(() => heading(second).count()).toBe(1);
  });

  it('lists the keys the labeling config binds in the shortcuts overlay, and labels by keyboard alone', async () => {
    const [task] = keysTasks as [number];
    await page.goto(`${server.cli.url}/#/projects/${keysProject}/label`);
    await heading(task).waitFor();
    await waitForEditor(page, 'Submit');
    await heading(task).click();
    await page.keyboard.press('?');
    const config = page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByLabel('Labeling config shortcuts');
    await expectEventually(() => config.textContent()).toBe('1Happy (mood)2Sad (mood)');
    await page.keyboard.press('Escape');
    await config.waitFor({ state: 'detached' });
    // The config's key picks the choice inside the editor; the app's key submits from there.
    await labelingEditor(page).locator('.lsf-richtext__container').click();
    await page.keyboard.press('2');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: 'All done: no tasks left for you' }).waitFor();
    const [annotation] = await annotationsOf(task);
    expect(annotation!.result).toMatchObject([{ from_name: 'mood', value: { choices: ['Sad'] } }]);
  });

  it('walks a tab’s tasks in its order, then offers the rest of the project', async () => {
    await page.goto(`${server.cli.url}/#/projects/${tabProject}`);
    await page.getByRole('tab', { name: 'Keepers' }).click();
    const label = page.getByRole('link', { name: 'Label all tasks' });
    await expectEventually(() => label.getAttribute('href')).toBe(`#/projects/${tabProject}/label?view=${keepersTab}`);
    await label.click();

    // The tab keeps every second task and orders them by id, descending.
    const kept = tabTasks.filter((_, index) => index % 2 === 1).reverse();
    for (const id of kept) {
      await heading(id).waitFor();
      await waitForEditor(page, 'Submit');
      await editorButton(page, 'Submit').click();
      await expectEventually(async () => (await annotationsOf(id)).length).toBe(1);
    }
    await page.getByRole('heading', { name: 'All done in this tab: no tasks left for you' }).waitFor();

    await page.getByRole('link', { name: 'Label the project’s next unlabeled tasks' }).click();
    await heading(tabTasks[0]!).waitFor();
  });

  it('keeps a submitted task on screen when the setting says so, and moves on with Next task', async () => {
    const [first, second] = stayTasks as [number, number];
    await page.goto(`${server.cli.url}/#/settings`);
    const setting = page.getByRole('checkbox', { name: /Show the next task as soon as a task is submitted/ });
    await setting.uncheck();
    await expectEventually(() => page.evaluate(() => localStorage.getItem('outpost.labeling'))).toBe(
      '{"autoAdvance":false}',
    );

    await page.goto(`${server.cli.url}/#/projects/${stayProject}/label`);
    await heading(first).waitFor();
    await waitForEditor(page, 'Submit');
    await editorButton(page, 'Submit').click();
    // Saved, read again, and open on what was just submitted.
    await waitForEditor(page, 'Update');
    await expectEventually(() => heading(first).count()).toBe(1);
    expect(await annotationsOf(first)).toHaveLength(1);
    await page.getByRole('button', { name: 'Next task →' }).click();
    await heading(second).waitFor();

    await page.goto(`${server.cli.url}/#/settings`);
    await setting.check();
    await expectEventually(() => page.evaluate(() => localStorage.getItem('outpost.labeling'))).toBe(
      '{"autoAdvance":true}',
    );
  });
});

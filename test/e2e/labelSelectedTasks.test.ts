import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { E2eServer } from '../helpers/e2eServer.js';
import {
  createProject,
  editorButton,
  importTasks,
  openLabelingSession,
  waitForEditor,
  MOOD_CONFIG,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * With rows selected in the Data Manager, the label button says how many and the stream walks
 * only those tasks, then ends: the other tasks are left alone.
 */

interface Task {
  annotations: { was_cancelled: boolean }[];
}

describe('labeling the selected tasks, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let project: number;
  let tasks: number[];

  beforeAll(async () => {
    session = await openLabelingSession('label-selected-tasks', {
      async setup(started) {
        project = await createProject(started, 'Moods', MOOD_CONFIG);
        tasks = await importTasks(started, project, [
          { text: 'One.' },
          { text: 'Two.' },
          { text: 'Three.' },
          { text: 'Four.' },
        ]);
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('labels only the two selected tasks, in turn, and then says all is done', async () => {
    const [, second, , fourth] = tasks as [number, number, number, number];
    await page.goto(`${server.cli.url}/#/projects/${project}`);
    const labelAll = page.getByRole('link', { name: 'Label all tasks' });
    await labelAll.waitFor();

    await page.getByRole('checkbox', { name: `Select task ${second}` }).check();
    await page.getByRole('checkbox', { name: `Select task ${fourth}` }).check();
    const labelSelected = page.getByRole('link', { name: 'Label 2 selected tasks' });
    await labelSelected.click();

    const heading = (id: number) => page.getByRole('heading', { name: `Task ${id}`, level: 1 });
    await heading(second).waitFor();
    await waitForEditor(page, 'Submit');
    await editorButton(page, 'Skip').click();
    await heading(fourth).waitFor();
    await waitForEditor(page, 'Submit');
    await editorButton(page, 'Skip').click();
    await page.getByText('All done: no tasks left for you').waitFor();

    const skipped = async (id: number) =>
      (await server.api<Task>('GET', `/api/tasks/${id}/`)).annotations.map((item) => item.was_cancelled);
    await expectEventually(async () => Promise.all(tasks.map(skipped))).toEqual([[], [true], [], [true]]);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../helpers/e2eServer.js';
import {
  createProject,
  importTasks,
  openLabelingSession,
  MOOD_CONFIG,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * Duplicating a project asks whether its tasks come too: with "Settings and tasks" the copy gets
 * the task data, and none of the annotations; when the tasks cannot be copied, no copy is left.
 */

interface TaskList {
  tasks: { data: { text: string }; total_annotations: number }[];
}

describe('duplicating a project with its tasks, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let tasks: number[];

  beforeAll(async () => {
    session = await openLabelingSession('duplicate-with-tasks', {
      async setup(started) {
        const project = await createProject(started, 'Moods', MOOD_CONFIG);
        tasks = await importTasks(started, project, [{ text: 'One.' }, { text: 'Two.' }, { text: 'Three.' }]);
        await started.api('POST', `/api/tasks/${tasks[0]}/annotations/`, {
          result: [{ from_name: 'mood', to_name: 'text', type: 'choices', value: { choices: ['Happy'] } }],
        });
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('copies the task data without annotations when asked to', async () => {
    await page.goto(`${server.cli.url}/#/`);
    await page.getByRole('button', { name: 'Duplicate Moods', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate project' });
    await dialog.getByText('Copy the tasks of “Moods” too?').waitFor();
    await dialog.getByRole('radio', { name: /Settings and tasks/ }).check();
    await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Duplicated “Moods” as “Moods (copy)” with 3 tasks.' }).waitFor();

    const copy = page.getByRole('article', { name: 'Moods (copy)' });
    await expectEventually(() => copy.getByTestId('task-count').textContent()).toBe('3');
    const listed = await server.api<{ results: { id: number }[] }>('GET', '/api/projects/?title=(copy)');
    const copied = await server.api<TaskList>('GET', `/api/tasks/?project=${listed.results[0]!.id}&page_size=10`);
    expect(copied.tasks.map((task) => task.data.text).sort()).toEqual(['One.', 'Three.', 'Two.']);
    expect(copied.tasks.map((task) => task.total_annotations)).toEqual([0, 0, 0]);
  });

  it('keeps no copy when its tasks cannot be copied: all or nothing', async () => {
    const projectCount = async () => (await server.api<{ count: number }>('GET', '/api/projects/')).count;
    const before = await projectCount();
    const copies = () => page.getByRole('article', { name: 'Moods (copy)' }).count();
    // From the server, which nothing changes meanwhile; the page is checked against it at the end.
    const copiesBefore = (
      await server.api<{ count: number }>('GET', `/api/projects/?title=${encodeURIComponent('Moods (copy)')}`)
    ).count;
    await page.goto(`${server.cli.url}/#/`);
    // The copy's task import fails, as a full disk or a dropped connection would make it fail.
    const importCall = /\/api\/projects\/\d+\/import(\?|$)/;
    await page.route(importCall, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail": "The disk is full."}' }),
    );
    try {
      await page.getByRole('button', { name: 'Duplicate Moods', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Duplicate project' });
      await dialog.getByRole('radio', { name: /Settings and tasks/ }).check();
      await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Could not duplicate “Moods”' }).waitFor();
    } finally {
      await page.unroute(importCall);
    }
    await expectEventually(projectCount).toBe(before);
    await page.reload();
    await page.getByRole('article', { name: 'Moods', exact: true }).waitFor();
    await expectEventually(copies).toBe(copiesBefore);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../helpers/e2eServer.js';
import {
  createProject,
  importTasks,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  MOOD_CONFIG,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * A change is kept as a draft about a second after it is made, not after the editor's own five
 * seconds: closing the window or moving on just after a change no longer loses it.
 */

/** Well under the editor's own five seconds, with room for a loaded machine after the one-second wait. */
const SAVED_WITHIN_MS = 2_500;

interface Task {
  drafts: { result: unknown[]; annotation: number | null }[];
}

describe('drafts saved soon after a change, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let project: number;
  let tasks: number[];

  beforeAll(async () => {
    session = await openLabelingSession('draft-saved-soon', {
      async setup(started) {
        project = await createProject(started, 'Moods', MOOD_CONFIG);
        tasks = await importTasks(started, project, [{ text: 'A sunny day.' }]);
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('saves the draft on the server within a second or so of checking a choice', async () => {
    await page.goto(`${server.cli.url}/#/projects/${project}/tasks/${tasks[0]}`);
    await waitForEditor(page, 'Submit');
    const drafts = async () => (await server.api<Task>('GET', `/api/tasks/${tasks[0]}/`)).drafts;
    expect(await drafts()).toEqual([]);

    await labelingEditor(page).getByRole('checkbox', { name: /Sad/ }).check();
    await expectEventually(async () => JSON.stringify(await drafts()), {
      timeout: SAVED_WITHIN_MS,
      message: `a draft with "Sad" within ${SAVED_WITHIN_MS} ms of the change`,
    }).toContain('Sad');
  });
});

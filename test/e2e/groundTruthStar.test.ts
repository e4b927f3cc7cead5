import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';
import {
  createProject,
  importTasks,
  labelingEditor,
  MOOD_CONFIG,
  openLabelingSession,
  STREAM_END,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';

/*
 * The editor's ground-truth star on a saved annotation, in Chromium: clicking it sets the mark on
 * the server (and so in the sync outbox), clicking again takes it off, and the result stays.
 */

const HAPPY = [{ from_name: 'mood', to_name: 'text', type: 'choices', value: { choices: ['Happy'] } }];

describe('the ground-truth star of the labeling editor, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let project: number;
  let task: number;
  let annotation: number;

  beforeAll(async () => {
    session = await openLabelingSession('ground-truth-star', {
      expected: STREAM_END,
      setup: async (started) => {
        project = await createProject(started, 'Ground truth star', MOOD_CONFIG);
        task = (await importTasks(started, project, [{ text: 'a calm day' }]))[0]!;
        annotation = (await started.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, { result: HAPPY }))
          .id;
      },
    });
    server = session.server;
  });
  afterAll(async () => {
    await session?.close();
  });

  const saved = () => server.api<{ ground_truth: boolean; result: unknown }>('GET', `/api/annotations/${annotation}/`);

  it('sets and clears the mark on the saved annotation, leaving its result as it was', async () => {
    const { page } = session;
    await page.goto(`${server.cli.url}/#/projects/${project}/tasks/${task}`);
    await waitForEditor(page, 'Update');
    const star = labelingEditor(page).locator('.lsf-ground-truth__toggle').first();

    await star.click();
    await expectEventually(async () => (await saved()).ground_truth).toBe(true);
    await star.click();
    await expectEventually(async () => (await saved()).ground_truth).toBe(false);
    expect((await saved()).result).toEqual(HAPPY);
  });
});

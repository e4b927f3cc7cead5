import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';
import {
  createProject,
  importTasks,
  openLabelingSession,
  EDITOR_FRAME,
  PREVIEW_FRAME,
  type LabelingSession,
} from '../helpers/labelingPage.js';

/*
 * Today's Ranker (a List ranked into Buckets) is beyond the bundled 1.4.0 editor: its List and
 * Ranker are older tags of the same names and it has no Bucket. Both the labeling page and the
 * config preview say the project needs a newer editor and name all three, rather than calling
 * Bucket "not a Label Studio tag".
 */

const RANKER_CONFIG = `<View>
  <List name="results" value="$items" title="Search results"/>
  <Ranker name="rank" toName="results">
    <Bucket name="relevant" title="Relevant"/>
    <Bucket name="other" title="Not relevant"/>
  </Ranker>
</View>`;

const ITEMS = [
  { id: 'a', title: 'First result', body: 'About cats' },
  { id: 'b', title: 'Second result', body: 'About dogs' },
];

describe('a Ranker config with the bundled editor, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let project: number;
  let task: number;

  beforeAll(async () => {
    session = await openLabelingSession('newer-editor', {
      async setup(started) {
        project = await createProject(started, 'Search ranking', RANKER_CONFIG);
        [task] = (await importTasks(started, project, [{ items: ITEMS }])) as [number];
      },
    });
    ({ server, page } = session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it('says on the labeling page that the project needs a newer editor, naming List, Ranker and Bucket', async () => {
    await page.goto(`${server.cli.url}/#/projects/${project}/tasks/${task}`);
    const sentence = page.getByTestId('newer-editor');
    await sentence.waitFor();
    await expectEventually(() => sentence.textContent()).toBe(
      'This project needs a newer editor: the bundled editor (Label Studio 1.4.0) lacks List, Ranker and Bucket.',
    );
    await expectEventually(() => page.getByText('not a Label Studio tag').count()).toBe(0);
    await expectEventually(() => page.locator(EDITOR_FRAME).count()).toBe(0);
  });

  it('says the same in the config preview', async () => {
    await page.goto(`${server.cli.url}/#/projects/${project}/settings`);
    const message = page.getByTestId('preview-message').filter({ hasText: 'needs a newer editor' });
    await message.waitFor({ timeout: 15_000 });
    await expectEventually(() => message.textContent()).toContain(
      'The bundled editor (Label Studio 1.4.0) cannot show this config: it needs a newer editor, one with ' +
        'List, Ranker and Bucket.',
    );
    await expectEventually(() => message.textContent()).not.toContain('not a Label Studio tag');
    await expectEventually(() => page.locator(PREVIEW_FRAME).count()).toBe(0);
  });
});

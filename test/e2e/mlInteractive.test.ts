import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import {
  createProject,
  importTasks,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { startStubModelServer, type StubModelServer } from '../helpers/stubModelServer.js';
import { ML_EXPECTED_FAILURES, selectWord } from './mlPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * Interactive pre-annotation in the bundled editor (Label Studio 1.4.0): with an interactive model
 * connected the editor offers Auto-Annotation; a region drawn with it goes to the model through
 * /api/ml/{id}/interactive-annotating, and the answer comes back as a suggestion.
 */

const CONFIG = `<View>
  <Labels name="ner" toName="text"><Label value="Person"/></Labels>
  <Text name="text" value="$text"/>
  <Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices>
</View>`;

/** The editor context an interactive predict call carries (`params.context.result`), or null. */
function contextOf(body: unknown): unknown[] | null {
  const result = (body as { params?: { context?: { result?: unknown } | null } } | null)?.params?.context?.result;
  return Array.isArray(result) ? result : null;
}

describe('interactive pre-annotation in Chromium against outpost serve', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let stub: StubModelServer;
  let projectId: number;
  let taskId: number;

  beforeAll(async () => {
    stub = await startStubModelServer();
    session = await openLabelingSession('ml-interactive', {
      expected: ML_EXPECTED_FAILURES,
      async setup(started) {
        projectId = await createProject(started, 'People in reviews', CONFIG);
        [taskId] = (await importTasks(started, projectId, [{ text: 'Alice liked it a lot.' }])) as [number];
        await started.api('POST', '/api/ml', {
          project: projectId,
          url: stub.url,
          title: 'Helper',
          is_interactive: true,
        });
      },
    });
    ({ server, page } = session);
    page.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await session?.close();
    await stub?.close();
  });

  it('sends the region drawn with Auto-Annotation to the model and offers its answer as a suggestion', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${taskId}`);
    await waitForEditor(page, 'Submit');
    const toggle = labelingEditor(page).getByRole('checkbox', { name: 'Auto-Annotation' });
    await toggle.check();
    await labelingEditor(page).getByText('Person', { exact: true }).click();
    await selectWord(page, 'Alice');
    const interactiveCalls = () => stub.callsTo('/predict').filter((call) => contextOf(call.body) !== null);
    await expectEventually(() => interactiveCalls().length).toBeGreaterThan(0);
    expect(contextOf(interactiveCalls()[0]!.body)).toMatchObject([
      { type: 'labels', value: { text: 'Alice', labels: ['Person'] } },
    ]);
    // The answer came back as a suggestion, which the editor offers to accept or reject.
    await labelingEditor(page).locator('.lsf-dynamic-preannotations__action_type_accept').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'ml-interactive-light.png') });
    // The toggle is the editor's own setting, kept in this origin's storage: leave it off.
    await toggle.uncheck();
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 5, allowDataUrls: false, allowBlobUrls: true });
  });
});

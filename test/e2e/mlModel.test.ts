import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { startHoldingProxy, type HoldingProxy } from '../helpers/holdingProxy.js';
import {
  createProject,
  editorButton,
  importTasks,
  inDarkTheme,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { startStubModelServer, type StubModelServer } from '../helpers/stubModelServer.js';
import {
  CLASSIFY_CONFIG,
  ML_EXPECTED_FAILURES,
  modelCard,
  modelSection,
  notification,
  openModelSettings,
  screenshotModelSection,
} from './mlPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * A model from connection to pre-annotation: connected in the project settings, asked for
 * predictions from the Data Manager, its prediction opened pre-filled in the editor and submitted.
 * The stub model server of the contract tests predicts the choice "pos" for label → text; it is
 * reached through a holding proxy, so a run can be looked at (and cancelled) half-way.
 */

const TASKS = 40;
const POSITIVE = 'great love excellent perfect happy wonderful recommend amazing fantastic best'.split(' ');
const NEGATIVE = 'terrible broke awful hate worst refund poor disappointing useless bad'.split(' ');

interface TaskWire {
  id: number;
  total_predictions?: number;
  annotations: { result: { type: string; value: Record<string, unknown> }[] }[];
}

describe('a model’s predictions, from settings to editor, against outpost serve', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let stub: StubModelServer;
  let proxy: HoldingProxy;
  let projectId: number;
  let localProject: number;
  let taskIds: number[];
  let prelabeled: number;

  const section = () => modelSection(page);
  const toast = (text: string | RegExp) => notification(page, text);
  const tasksWithPredictions = async (): Promise<Set<number>> => {
    const query = `project=${projectId}&page_size=100&fields=all`;
    const list = await server.api<{ tasks: TaskWire[] }>('GET', `/api/tasks/?${query}`);
    return new Set(list.tasks.filter((task) => (task.total_predictions ?? 0) > 0).map((task) => task.id));
  };
  const retrieveFor = async (target: Page, count: number) => {
    await target.getByRole('button', { name: 'Actions' }).click();
    await target.getByRole('menuitem', { name: 'Retrieve Predictions' }).click();
    const dialog = target.getByRole('dialog', { name: 'Retrieve predictions' });
    await dialog.getByRole('button', { name: `Retrieve predictions (${count})` }).click();
    return dialog;
  };

  beforeAll(async () => {
    stub = await startStubModelServer();
    proxy = await startHoldingProxy(stub.url);
    session = await openLabelingSession('ml', {
      expected: ML_EXPECTED_FAILURES,
      async setup(started) {
        projectId = await createProject(started, 'Product reviews', CLASSIFY_CONFIG);
        const texts = Array.from({ length: TASKS }, (_, index) => ({ text: `Review number ${index + 1}: it works.` }));
        taskIds = await importTasks(started, projectId, texts);
        localProject = await createProject(started, 'Offline reviews', CLASSIFY_CONFIG);
        // Annotated tasks for the built-in model to learn from (it needs some variety of words).
        const reviews = Array.from({ length: 24 }, (_, index) => {
          const words = index % 2 ? POSITIVE : NEGATIVE;
          return { text: `${words[index % 10]} and ${words[(index + 3) % 10]} product` };
        });
        const localTasks = await importTasks(started, localProject, reviews);
        for (const [index, task] of localTasks.entries()) {
          const choice = index % 2 ? 'pos' : 'neg';
          const result = [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [choice] } }];
          await started.api('POST', `/api/tasks/${task}/annotations/`, { result });
        }
      },
    });
    ({ server, page } = session);
    page.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await session?.close();
    await proxy?.close();
    await stub?.close();
  });

  it('shows the server’s refusal under the form as text, then connects the model server', async () => {
    await openModelSettings(page, server, projectId);
    await section().getByTestId('model-empty').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshotModelSection(page, 'ml-settings-empty-light.png');
    await section().getByRole('button', { name: 'Connect model server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a model server' });
    await dialog.getByLabel('Model server URL').fill('http://127.0.0.1:1');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    const refusal = dialog.getByTestId('model-form-error');
    await refusal.getByText(/health check failed/).waitFor();
    // Label Studio's text carries a link in HTML: shown as its words, never as markup.
    await expectEventually(() => refusal.textContent()).toContain('Learn more about how to set up an ML backend.');
    await expectEventually(() => refusal.locator('a').count()).toBe(0);
    await dialog.screenshot({ path: join(SCREENSHOTS, 'ml-connect-refused-light.png') });

    await dialog.getByLabel('Model server URL').fill(proxy.url);
    await dialog.getByLabel('Title').fill('Stub model');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast('Connected Stub model.').waitFor();
    const card = modelCard(page, 'Stub model');
    await expectEventually(() => card.getByTestId('model-state').textContent()).toBe('Connected');
    await expectEventually(() => card.getByTestId('model-version').textContent()).toBe('stub-v1');
    await expectEventually(() => card.getByText(proxy.url).count()).toBe(1);
    expect(stub.callsTo('/setup').length).toBeGreaterThan(0);
  });

  it('pre-labels with the model’s predictions, chosen by its title and saved with the settings', async () => {
    await section().getByLabel('Predictions to pre-label with').selectOption('Stub model');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toast('Saved the settings of “Product reviews”.').waitFor();
    const project = await server.api<{ model_version: string }>('GET', `/api/projects/${projectId}/`);
    expect(project.model_version).toBe('Stub model');
    await screenshotModelSection(page, 'ml-settings-light.png');
  });

  it('retrieves predictions for the selected tasks with a progress bar, Cancel and a summary', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}`);
    await page.getByTestId('task-count').getByText(`${TASKS} tasks`).waitFor();
    // The first batch (25 tasks) goes through; the second waits at the proxy, mid-run.
    let predicts = 0;
    proxy.hold((method, path) => method === 'POST' && path.startsWith('/predict') && ++predicts > 1);
    await page.getByRole('checkbox', { name: 'Select all tasks' }).check();
    const dialog = await retrieveFor(page, TASKS);
    await proxy.waitForHeld();
    await dialog.getByText(`25 of ${TASKS} tasks done · 25 predictions so far`).waitFor();
    await expectEventually(() =>
      dialog.getByRole('progressbar', { name: 'Prediction progress' }).getAttribute('value'),
    ).toBe('0.625');
    await dialog.screenshot({ path: join(SCREENSHOTS, 'ml-dm-progress-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const summary = dialog.getByTestId('prediction-summary');
    await summary.getByText('Stopped on request after 25 predictions.').waitFor();
    proxy.hold(() => false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const predicted = await tasksWithPredictions();
    expect(predicted.size).toBe(25);

    // Two tasks without a prediction and one with: the model is asked for the two.
    const fresh = taskIds.filter((id) => !predicted.has(id)).slice(0, 2);
    const grid = page.getByRole('grid', { name: /^Tasks of tab/ });
    for (const id of [taskIds.find((task) => predicted.has(task))!, ...fresh]) {
      // The grid renders the rows in view, and reloads its page once the dialog closes: until the
      // task's row is there, look at the other end (the first task is at the top, the fresh ones
      // at the bottom).
      const row = grid.locator(`[role="row"][data-task-id="${id}"]`);
      await expectEventually(
        async () => {
          if ((await row.count()) > 0) return true;
          await grid.evaluate((element) => (element.scrollTop = element.scrollTop > 0 ? 0 : element.scrollHeight));
          return false;
        },
        { timeout: 10_000, interval: 100 },
      ).toBe(true);
      await page.getByRole('checkbox', { name: `Select task ${id}`, exact: true }).check();
    }
    await retrieveFor(page, 3);
    await summary.getByText('Retrieved 2 predictions.').waitFor();
    await expectEventually(() => summary.locator('dd').allTextContents()).toEqual(['2', '1', '0']);
    await dialog.screenshot({ path: join(SCREENSHOTS, 'ml-dm-summary-light.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect((await tasksWithPredictions()).size).toBe(27);
    prelabeled = fresh[0]!;
  });

  it('opens a task pre-labeled by the model, and submitting it stores the predicted result', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${prelabeled}`);
    await waitForEditor(page, 'Submit');
    await expectEventually(() => labelingEditor(page).getByRole('checkbox', { name: /pos/ }).isChecked()).toBe(true);
    await expectEventually(() => page.getByTestId('pre-annotation').textContent()).toMatch(
      /^Pre-labeled by model version stub-v1 \(score \d\.\d\d\)$/,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'ml-prelabel-light.png') });
    await editorButton(page, 'Submit').click();
    await toast('Annotation submitted.').waitFor();
    const task = await server.api<TaskWire>('GET', `/api/tasks/${prelabeled}/`);
    expect(task.annotations).toHaveLength(1);
    expect(task.annotations[0]!.result).toMatchObject([{ type: 'choices', value: { choices: ['pos'] } }]);
  });

  it('connects the built-in offline model, which trains on the project and shows its accuracy', async () => {
    await openModelSettings(page, server, localProject);
    await section().getByRole('button', { name: 'Use the built-in offline model' }).click();
    const local = modelCard(page, 'Built-in model');
    await local.waitFor();
    // Connecting starts its first training at once: Training, then Connected.
    expect(['Connected', 'Training']).toContain(await local.getByTestId('model-state').textContent());
    await expectEventually(() => local.getByText('On this computer, offline').count()).toBe(1);
    const status = local.getByTestId('local-model-status');
    await status.getByText('Ready').waitFor({ timeout: 20_000 });
    await local
      .getByTestId('local-model-accuracy')
      .getByText(/%|Too few to measure/)
      .first()
      .waitFor();
    const trained = await server.api<{ model_version: string; state: string; annotation_count: number }>(
      'GET',
      `/api/outpost/ml/local-model?project=${localProject}`,
    );
    expect(trained).toMatchObject({ state: 'ready', annotation_count: 24 });
    await local.getByTestId('model-version').getByText(trained.model_version, { exact: true }).waitFor();
    // "Start training" trains again: a new version shows.
    await local.getByRole('button', { name: 'Start training Built-in model' }).click();
    const next = `local-v${Number(trained.model_version.replace('local-v', '')) + 1}`;
    await local.getByTestId('model-version').getByText(next, { exact: true }).waitFor({ timeout: 20_000 });
    await screenshotModelSection(page, 'ml-local-model-light.png');
    await expectEventually(() => seriousAxeViolations(page, ['iframe'])).toEqual([]);
  });

  it('passes the accessibility scan (contrast included) in the dark theme', async () => {
    await inDarkTheme(
      session,
      async (dark) => {
        dark.setDefaultTimeout(10_000);
        await dark.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
        await modelCard(dark, 'Stub model').waitFor();
        await screenshotModelSection(dark, 'ml-settings-dark.png');
        await expectEventually(() => seriousAxeViolations(dark, ['iframe'])).toEqual([]);

        // Tasks that already have the model's prediction are skipped.
        await dark.goto(`${server.cli.url}/#/projects/${projectId}`);
        await dark.getByRole('checkbox', { name: `Select task ${taskIds[0]!}`, exact: true }).check();
        const dialog = await retrieveFor(dark, 1);
        const summary = dialog.getByTestId('prediction-summary');
        await summary.getByText('No new predictions.').waitFor();
        await expectEventually(() => summary.locator('dd').allTextContents()).toEqual(['0', '1', '0']);
        await dialog.screenshot({ path: join(SCREENSHOTS, 'ml-dm-summary-dark.png') });
        await expectEventually(() => seriousAxeViolations(dark)).toEqual([]);
        await dialog.getByRole('button', { name: 'Close' }).click();

        await dark.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${prelabeled}`);
        await waitForEditor(dark, 'Update');
        await dark.screenshot({ path: join(SCREENSHOTS, 'ml-labeling-dark.png') });
      },
      { requests: true },
    );
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 20, allowDataUrls: false });
  });
});

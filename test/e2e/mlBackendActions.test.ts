import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import {
  createProject,
  importTasks,
  inDarkTheme,
  openLabelingSession,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { startStubModelServer, type StubModelServer } from '../helpers/stubModelServer.js';
import { CLASSIFY_CONFIG, ML_EXPECTED_FAILURES, modelCard, modelSection, openModelSettings } from './mlPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * What the Model section does with a connected model server: test it, list its versions, train
 * it, edit it (Basic Auth with a password that stays set), see it fail, and remove it.
 */

describe('a connected model’s actions in the settings, against outpost serve', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let stub: StubModelServer;
  let projectId: number;

  const card = () => modelCard(page, 'Stub model');

  beforeAll(async () => {
    stub = await startStubModelServer();
    session = await openLabelingSession('ml-actions', {
      expected: ML_EXPECTED_FAILURES,
      async setup(started) {
        projectId = await createProject(started, 'Ticket triage', CLASSIFY_CONFIG);
        await importTasks(started, projectId, [{ text: 'It broke.' }, { text: 'All good.' }]);
        await started.api('POST', '/api/ml', { project: projectId, url: stub.url, title: 'Stub model' });
      },
    });
    ({ server, page } = session);
    page.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await session?.close();
    await stub?.close();
  });

  it('tests the model on a random task and shows its prediction readably', async () => {
    await openModelSettings(page, server, projectId);
    await card().getByRole('button', { name: 'Test Stub model' }).click();
    const test = page.getByRole('dialog', { name: 'Test of Stub model' });
    await test.getByText('label (choices) → text: pos').waitFor();
    await expectEventually(() => test.getByText(/^Prediction of version stub-v1, score \d\.\d\d$/).count()).toBe(1);
    await test.screenshot({ path: join(SCREENSHOTS, 'ml-test-light.png') });
    await expectEventually(() => seriousAxeViolations(page, ['iframe'])).toEqual([]);
    await test.getByRole('button', { name: 'Close' }).click();
  });

  it('lists the model’s versions, the one in use marked', async () => {
    await card().getByRole('button', { name: 'Versions Stub model' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions of Stub model' });
    await versions.getByTestId('model-versions').waitFor();
    await expectEventually(() => versions.getByRole('listitem').allTextContents()).toEqual([
      'stub-v1In use',
      'stub-v0',
    ]);
    await versions.getByRole('button', { name: 'Close' }).click();
  });

  it('asks the model to train', async () => {
    await card().getByRole('button', { name: 'Start training Stub model' }).click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Asked Stub model to train on this project’s annotations.')
      .waitFor();
    const training = stub.callsTo('/webhook').map((call) => (call.body as { action?: string }).action);
    expect(training).toContain('START_TRAINING');
  });

  it('edits the timeout; shows a model that refuses its calls; takes Basic Auth and keeps the password set', async () => {
    await card().getByRole('button', { name: 'Edit Stub model' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Stub model' });
    await edit.getByLabel('Prediction timeout (seconds)').fill('45');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await card().getByText('45 s').waitFor();

    stub.behaviour.basicAuth = { user: 'ann', password: 'secret' };
    await modelSection(page).getByRole('button', { name: 'Check again' }).click();
    await card().getByTestId('model-state').getByText('Disconnected').waitFor();
    await expectEventually(() => card().getByTestId('model-error').textContent()).toContain('401');
    await card().screenshot({ path: join(SCREENSHOTS, 'ml-card-error-light.png') });
    await expectEventually(() => seriousAxeViolations(page, ['iframe'])).toEqual([]);

    await card().getByRole('button', { name: 'Edit Stub model' }).click();
    await edit.getByLabel('The server asks for a user name and password (Basic Auth)').check();
    await edit.getByLabel('User name', { exact: true }).fill('ann');
    await edit.getByLabel('Password', { exact: true }).fill('secret');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await card().getByTestId('model-state').getByText('Connected').waitFor();
    await expectEventually(() => card().getByText('Basic Auth as ann').count()).toBe(1);

    await card().getByRole('button', { name: 'Edit Stub model' }).click();
    const password = edit.getByLabel('Password', { exact: true });
    // The dialog fills itself from the saved model once it opens.
    await edit.getByText('A password is set; leave empty to keep it.').waitFor();
    await expectEventually(() => password.inputValue()).toBe('');
    await expectEventually(() => password.getAttribute('placeholder')).toBe('set');
    await edit.screenshot({ path: join(SCREENSHOTS, 'ml-edit-basic-auth-light.png') });
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('passes the accessibility scan (contrast included) in the dark theme', async () => {
    await inDarkTheme(session, async (dark) => {
      dark.setDefaultTimeout(10_000);
      await openModelSettings(dark, server, projectId);
      await modelCard(dark, 'Stub model').getByRole('button', { name: 'Test Stub model' }).click();
      const test = dark.getByRole('dialog', { name: 'Test of Stub model' });
      await test.getByText('label (choices) → text: pos').waitFor();
      await test.screenshot({ path: join(SCREENSHOTS, 'ml-test-dark.png') });
      await expectEventually(() => seriousAxeViolations(dark, ['iframe'])).toEqual([]);
    });
  });

  it('removes the model after confirming; its predictions stay', async () => {
    await card().getByRole('button', { name: 'Remove Stub model' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Stub model?' });
    await confirm.getByRole('button', { name: 'Remove model' }).click();
    await modelSection(page).getByTestId('model-empty').waitFor();
    expect(await server.api<unknown[]>('GET', `/api/ml?project=${projectId}`)).toEqual([]);
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 10, allowDataUrls: false });
  });
});

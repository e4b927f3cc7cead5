import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { MOOD_CONFIG } from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

describe('deleting a project from the projects page, in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startE2eServer('project-deletion');
    // One project with 4 tasks, an annotation and a skip; one without tasks.
    const { id } = await server.api<{ id: number }>('POST', '/api/projects/', {
      title: 'Sentiment review',
      label_config: MOOD_CONFIG,
    });
    await server.api(
      'POST',
      `/api/projects/${id}/import`,
      ['good', 'bad', 'fine', 'meh'].map((text) => ({ text })),
    );
    const { tasks } = await server.api<{ tasks: { id: number }[] }>('GET', `/api/tasks?project=${id}`);
    const choice = [{ from_name: 'mood', to_name: 'text', type: 'choices', value: { choices: ['Happy'] } }];
    await server.api('POST', `/api/tasks/${tasks[0]!.id}/annotations/`, { result: choice });
    await server.api('POST', `/api/tasks/${tasks[1]!.id}/annotations/`, { result: [], was_cancelled: true });
    await server.api('POST', '/api/projects/', { title: 'Sentiment review (copy)', label_config: MOOD_CONFIG });

    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('article', { name: 'Sentiment review (copy)' }).waitFor({ timeout: 15_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says in words what deleting a project takes with it', async () => {
    const confirm = page.getByRole('dialog', { name: 'Delete project?' });
    await page.getByRole('button', { name: 'Delete Sentiment review', exact: true }).click();
    await confirm.waitFor();
    await expectEventually(() => confirm.locator('p').textContent()).toBe(
      '“Sentiment review” and its 4 tasks and 1 annotation will be deleted. This cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Delete Sentiment review (copy)' }).click();
    await expectEventually(() => confirm.locator('p').textContent()).toBe(
      '“Sentiment review (copy)” will be deleted. This cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    const copy = await server.api<{ results: { id: number }[] }>('GET', '/api/projects/?title=(copy)');
    await server.api('POST', `/api/projects/${copy.results[0]!.id}/import`, [{ text: 'one' }]);
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('button', { name: 'Delete Sentiment review (copy)' }).click();
    await expectEventually(() => confirm.locator('p').textContent()).toBe(
      '“Sentiment review (copy)” and its 1 task will be deleted. This cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
  });

  it('keeps a long unbroken title inside the confirmation dialog', async () => {
    const title = 'W'.repeat(50);
    const project = await server.api<{ id: number }>('POST', '/api/projects/', { title });
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project?' });
    await confirm.waitFor();
    const overflow = () =>
      confirm.evaluate((dialog) => {
        const box = dialog.getBoundingClientRect();
        const text = dialog.querySelector('p')!.getBoundingClientRect();
        return { scroll: dialog.scrollWidth - dialog.clientWidth, textPastEdge: Math.max(0, text.right - box.right) };
      });
    await expectEventually(overflow).toEqual({ scroll: 0, textPastEdge: 0 });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await server.api('DELETE', `/api/projects/${project.id}/`);
    await page.reload({ waitUntil: 'load' });
  });

  it('deletes a project only after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Sentiment review (copy)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expectEventually(() => page.getByTestId('project-card').count()).toBe(2);

    await page.getByRole('button', { name: 'Delete Sentiment review (copy)' }).click();
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Deleted “Sentiment review (copy)”.' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await toast.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Sentiment review (copy)' }).waitFor({ state: 'detached' });
    await expectEventually(() => page.getByTestId('project-card').count()).toBe(1);
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { isChromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

const TEXT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">' +
  '<Choice value="positive"/><Choice value="negative"/></Choices></View>';

describe.skipIf(!isChromiumAvailable())('projects page in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startE2eServer('projects');
    browser = await launchChromium();
    // Light first, whatever the machine prefers; the test switches to dark through the UI.
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in through the LOGIN link and shows the empty state and the server status', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    expect(page.url()).toBe(`${server.origin}/`);
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
    const status = page.getByTestId('server-status');
    await status.waitFor();
    expect(await status.textContent()).toContain('Local server is running');
    expect(await status.textContent()).toContain('1.22.0');
  });

  it('creates a project through the dialog and lists it', async () => {
    // Keyboard: the dialog opens from the focused button and Escape closes it.
    await page.getByRole('button', { name: 'New project' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'New project' }).click();
    await dialog.waitFor();
    // A too-short title is refused in the dialog, before any request.
    await dialog.getByLabel('Title').fill('ab');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await dialog.getByText('at least 3 characters').waitFor();
    await dialog.getByLabel('Title').fill('Sentiment review');
    await dialog.getByLabel('Description').fill('Product reviews, positive or negative.');
    await dialog.getByLabel('Teal').check();
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('status').filter({ hasText: 'Created “Sentiment review”.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // A new project opens on its import page; the list has it on the way back.
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/projects\/\d+\/import$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    const card = page.getByRole('article', { name: 'Sentiment review' });
    await card.waitFor();
    expect(await card.getByText('Product reviews, positive or negative.').isVisible()).toBe(true);
    expect(await card.getByTestId('task-count').textContent()).toBe('0');
  });

  it('shows task and annotation counts and progress from the counters', async () => {
    const listed = await server.api<{ results: { id: number }[] }>('GET', '/api/projects/?title=Sentiment');
    const id = listed.results[0]!.id;
    await server.api('PATCH', `/api/projects/${id}/`, { label_config: TEXT_CONFIG });
    await server.api('POST', `/api/projects/${id}/import`, [
      { text: 'good' },
      { text: 'bad' },
      { text: 'fine' },
      { text: 'meh' },
    ]);
    const tasks = await server.api<{ tasks: { id: number }[] }>('GET', `/api/tasks?project=${id}`);
    const [first, second] = tasks.tasks;
    const choice = [{ from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: ['positive'] } }];
    await server.api('POST', `/api/tasks/${first!.id}/annotations/`, { result: choice });
    await server.api('POST', `/api/tasks/${second!.id}/annotations/`, { result: [], was_cancelled: true });

    await page.reload({ waitUntil: 'load' });
    const card = page.getByRole('article', { name: 'Sentiment review' });
    await card.waitFor();
    expect(await card.getByTestId('task-count').textContent()).toBe('4');
    expect(await card.getByTestId('annotation-count').textContent()).toBe('1');
    expect(await card.getByRole('img').getAttribute('aria-label')).toBe('1 of 4 tasks done, 1 skipped, 2 remaining');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SCREENSHOTS, 'projects-light.png') });
  });

  it('duplicates a project with its settings', async () => {
    await page.getByRole('button', { name: 'Duplicate Sentiment review' }).click();
    const copy = page.getByRole('article', { name: 'Sentiment review (copy)' });
    await copy.waitFor();
    expect(await copy.getByTestId('task-count').textContent()).toBe('0');
    const listed = await server.api<{ results: { label_config: string; description: string; color: string }[] }>(
      'GET',
      '/api/projects/?title=(copy)',
    );
    expect(listed.results[0]).toMatchObject({
      label_config: TEXT_CONFIG,
      description: 'Product reviews, positive or negative.',
      color: '#0F9D8A',
    });
  });

  it('searches by title and sorts', async () => {
    await page.getByRole('searchbox', { name: 'Search projects by title' }).fill('copy');
    await page.getByText('1 project matching “copy”').waitFor();
    expect(await page.getByTestId('project-card').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search projects by title' }).fill('');
    await page.getByText('2 projects').waitFor();
    await page.getByLabel('Sort by').selectOption('most_tasks');
    await page.waitForLoadState('networkidle');
    const titles = await page.locator('.project-card__title').allTextContents();
    expect(titles).toEqual(['Sentiment review', 'Sentiment review (copy)']);
  });

  it('deletes a project only after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Sentiment review (copy)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('project-card').count()).toBe(2);

    await page.getByRole('button', { name: 'Delete Sentiment review (copy)' }).click();
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Deleted “Sentiment review (copy)”.' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await toast.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Sentiment review (copy)' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('project-card').count()).toBe(1);
  });

  it('switches to the dark theme and keeps it after a reload', async () => {
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('article', { name: 'Sentiment review' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SCREENSHOTS, 'projects-dark.png') });
  });

  it('shows 100 projects at a time, and loads the rest on request', async () => {
    for (let index = 0; index < 100; index++)
      await server.api('POST', '/api/projects/', { title: `Bulk project ${index}` });
    await page.reload({ waitUntil: 'load' });
    await page.getByText('101 projects').waitFor();
    expect(await page.getByTestId('project-card').count()).toBe(100);
    await page.getByRole('button', { name: 'Load more (1 more)' }).click();
    await page.getByRole('button', { name: /Load more/ }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('project-card').count()).toBe(101);
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

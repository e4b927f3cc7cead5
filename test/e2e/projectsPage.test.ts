import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';

/** Screenshots are test artifacts (gitignored), looked at by people, never compared. */
const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

const TEXT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">' +
  '<Choice value="positive"/><Choice value="negative"/></Choices></View>';

describe.skipIf(!isChromiumAvailable())('projects page in Chromium against outpost serve', () => {
  let dataDir: string;
  let cli: SpawnedCli;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  const requests: string[] = [];
  const failed: string[] = [];
  const errors: string[] = [];

  /** Writes through the API with the legacy token, to give projects tasks and annotations. */
  async function api(path: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${cli.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Token ${cli.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-e2e-projects-'));
    mkdirSync(SCREENSHOTS, { recursive: true });
    cli = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
    origin = new URL(cli.url).origin;
    browser = await launchChromium();
    // Light first, whatever the machine prefers; the test switches to dark through the UI.
    context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
    page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  });

  afterAll(async () => {
    await browser?.close();
    await cli?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in through the LOGIN link and shows the empty state and the server status', async () => {
    await page.goto(cli.login, { waitUntil: 'load' });
    expect(page.url()).toBe(`${origin}/`);
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
    const listed = (await (
      await fetch(`${cli.url}/api/projects/?title=Sentiment`, { headers: { Authorization: `Token ${cli.token}` } })
    ).json()) as { results: { id: number }[] };
    const id = listed.results[0]!.id;
    await fetch(`${cli.url}/api/projects/${id}/`, {
      method: 'PATCH',
      headers: { Authorization: `Token ${cli.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ label_config: TEXT_CONFIG }),
    });
    await api(`/api/projects/${id}/import`, [{ text: 'good' }, { text: 'bad' }, { text: 'fine' }, { text: 'meh' }]);
    const tasks = (await (
      await fetch(`${cli.url}/api/tasks?project=${id}`, { headers: { Authorization: `Token ${cli.token}` } })
    ).json()) as { tasks: { id: number }[] };
    const [first, second] = tasks.tasks;
    const choice = [{ from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: ['positive'] } }];
    await api(`/api/tasks/${first!.id}/annotations/`, { result: choice });
    await api(`/api/tasks/${second!.id}/annotations/`, { result: [], was_cancelled: true });

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
    const listed = (await (
      await fetch(`${cli.url}/api/projects/?title=(copy)`, { headers: { Authorization: `Token ${cli.token}` } })
    ).json()) as { results: { label_config: string; description: string; color: string }[] };
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
    for (let index = 0; index < 100; index++) await api('/api/projects/', { title: `Bulk project ${index}` });
    await page.reload({ waitUntil: 'load' });
    await page.getByText('101 projects').waitFor();
    expect(await page.getByTestId('project-card').count()).toBe(100);
    await page.getByRole('button', { name: 'Load more (1 more)' }).click();
    await page.getByRole('button', { name: /Load more/ }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('project-card').count()).toBe(101);
  });

  it('made no request outside its origin, and logged no errors', () => {
    expect(requests.length).toBeGreaterThan(5);
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
});

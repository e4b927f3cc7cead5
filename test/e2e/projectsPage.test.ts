import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

const TEXT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">' +
  '<Choice value="positive"/><Choice value="negative"/></Choices></View>';

/** Switches the system theme the page follows, and waits for its color transitions to end. */
async function emulateTheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.locator(`html[data-theme="${colorScheme}"]`).waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

/** The label stream of a project without tasks asks for the next one: Label Studio answers 404. */
const NO_NEXT_TASK = [{ status: 404, path: /^\/api\/projects\/\d+\/next\/$/ }];

/** How a card's title link looks: its color against the card's text color, and its decoration. */
async function titleLinkStyle(page: Page, title: string) {
  const link = page.getByRole('article', { name: title, exact: true }).getByRole('link', { name: title, exact: true });
  return link.evaluate((element) => {
    const card = element.closest('article');
    return {
      color: getComputedStyle(element).color,
      cardText: card ? getComputedStyle(card).color : '',
      decoration: getComputedStyle(element).textDecorationLine,
    };
  });
}

describe('projects page in Chromium against outpost serve', () => {
  let projectId: number;
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startE2eServer('projects');
    browser = await launchChromium();
    // Light first, whatever the machine prefers; the test switches to dark through the UI.
    recorded = await openRecordedPage(browser, { colorScheme: 'light' }, NO_NEXT_TASK);
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
    await expectEventually(() => status.textContent()).toContain('Local server is running');
    await expectEventually(() => status.textContent()).toContain('1.22.0');
  });

  it('keeps a too-long title whole in the dialog, counts it against the limit of 50 and says by how much', async () => {
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    const title = dialog.getByLabel('Title');
    await title.fill('Sentiment');
    await expectEventually(() => dialog.getByTestId('title-counter').textContent()).toBe('9/50');
    const tooLong = 'Sentiment of product reviews, from the spring 2026 survey';
    expect(tooLong.length).toBe(57);
    await title.fill(tooLong);
    // Nothing is cut: the whole text stays, and the limit is said at once, while typing.
    await expectEventually(() => title.inputValue()).toBe(tooLong);
    await expectEventually(() => dialog.getByTestId('title-counter').textContent()).toBe('57/50');
    await dialog.getByText('The title can have at most 50 characters: remove 7 characters.').waitFor();
    await expectEventually(() => title.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expectEventually(() => dialog.isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await dialog.screenshot({ path: join(SCREENSHOTS, 'projects-title-limit-light.png') });
    await emulateTheme(page, 'dark');
    await dialog.screenshot({ path: join(SCREENSHOTS, 'projects-title-limit-dark.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await emulateTheme(page, 'light');
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    expect((await server.api<{ count: number }>('GET', '/api/projects/')).count).toBe(0);
    await title.fill(tooLong.slice(0, 50));
    await expectEventually(() => dialog.getByTestId('title-counter').textContent()).toBe('50/50');
    await expectEventually(() => dialog.getByText('at most 50 characters').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
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
    const card = page.getByRole('article', { name: 'Sentiment review', exact: true });
    await card.waitFor();
    await expectEventually(() => card.getByText('Product reviews, positive or negative.').isVisible()).toBe(true);
    await expectEventually(() => card.getByTestId('task-count').textContent()).toBe('0');
    projectId = Number(/\d+/.exec(await card.locator('.project-card__id').innerText())?.[0]);
  });

  it('titles cards as headings in the text color, not the browser’s blue underlined links', async () => {
    const style = await titleLinkStyle(page, 'Sentiment review');
    expect(style.color).toBe(style.cardText);
    expect(style.color).toBe('rgb(27, 31, 36)');
    expect(style.decoration).toBe('none');
    await expectEventually(() =>
      page.getByRole('link', { name: 'Sentiment review', exact: true }).getAttribute('href'),
    ).toBe(`#/projects/${projectId}`);
  });

  it('says a project without tasks has none to label yet, and offers Import instead of labeling', async () => {
    await page.getByRole('link', { name: 'Sentiment review', exact: true }).click();
    const label = page.getByRole('button', { name: 'Label all tasks' });
    await label.waitFor();
    await expectEventually(() => label.isDisabled()).toBe(true);
    const why = await label.getAttribute('aria-describedby');
    await expectEventually(() => page.locator(`[id="${why}"]`).textContent()).toBe(
      'There are no tasks to label yet: import data first.',
    );
    await expectEventually(() => page.getByRole('link', { name: 'Label all tasks' }).count()).toBe(0);
    await expectEventually(() =>
      page.locator('.dm-toolbar').getByRole('link', { name: 'Import', exact: true }).getAttribute('class'),
    ).toContain('button--primary');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-no-tasks-light.png') });
    await emulateTheme(page, 'dark');
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-no-tasks-dark.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await emulateTheme(page, 'light');

    // The project's Label tab (or an old link to the stream) says what is true, not "All done".
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Label' }).click();
    await page.getByRole('heading', { name: 'No tasks to label yet' }).waitFor();
    await expectEventually(() => page.getByText('All done').count()).toBe(0);
    await expectEventually(() => page.getByText('has your annotation').count()).toBe(0);
    const importLink = page.getByRole('link', { name: 'Import data' });
    await expectEventually(() => importLink.getAttribute('href')).toBe(`#/projects/${projectId}/import`);
    await page.screenshot({ path: join(SCREENSHOTS, 'label-stream-no-tasks-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await emulateTheme(page, 'dark');
    await page.screenshot({ path: join(SCREENSHOTS, 'label-stream-no-tasks-dark.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await emulateTheme(page, 'light');
    await importLink.click();
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('article', { name: 'Sentiment review', exact: true }).waitFor();
  });

  it('shows task and annotation counts and progress from the counters', async () => {
    const id = projectId;
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
    const card = page.getByRole('article', { name: 'Sentiment review', exact: true });
    await card.waitFor();
    await expectEventually(() => card.getByTestId('task-count').textContent()).toBe('4');
    await expectEventually(() => card.getByTestId('annotation-count').textContent()).toBe('1');
    await expectEventually(() => card.getByRole('img').getAttribute('aria-label')).toBe(
      '1 of 4 tasks done, 1 skipped, 2 remaining',
    );
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SCREENSHOTS, 'projects-light.png') });
  });

  it('duplicates a project with its settings', async () => {
    await page.getByRole('button', { name: 'Duplicate Sentiment review' }).click();
    // The dialog asks whether the tasks come too; its first choice is the settings only.
    await page
      .getByRole('dialog', { name: 'Duplicate project' })
      .getByRole('button', { name: 'Duplicate', exact: true })
      .click();
    const copy = page.getByRole('article', { name: 'Sentiment review (copy)' });
    await copy.waitFor();
    await expectEventually(() => copy.getByTestId('task-count').textContent()).toBe('0');
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
    await expectEventually(() => page.getByTestId('project-card').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search projects by title' }).fill('');
    await page.getByText('2 projects').waitFor();
    // The newest-first list stays on screen until the sorted page arrives: poll for the order.
    await page.getByLabel('Sort by').selectOption('most_tasks');
    await expectEventually(() => page.locator('.project-card__title').allTextContents()).toEqual([
      'Sentiment review',
      'Sentiment review (copy)',
    ]);
  });

  it('switches to the dark theme and keeps it after a reload', async () => {
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expectEventually(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('article', { name: 'Sentiment review', exact: true }).waitFor();
    await expectEventually(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expectEventually(() => page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    const style = await titleLinkStyle(page, 'Sentiment review');
    expect(style).toEqual({ color: 'rgb(230, 233, 238)', cardText: 'rgb(230, 233, 238)', decoration: 'none' });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SCREENSHOTS, 'projects-dark.png') });
  });

  it('shows 100 projects at a time, and loads the rest on request', async () => {
    for (let index = 0; index < 100; index++)
      await server.api('POST', '/api/projects/', { title: `Bulk project ${index}` });
    await page.reload({ waitUntil: 'load' });
    await page.getByText('102 projects').waitFor();
    await expectEventually(() => page.getByTestId('project-card').count()).toBe(100);
    // The second page is held until the button has said it is loading: the name "Load more" goes
    // before the page arrives, so the test waits for the 102nd card itself.
    const held: Route[] = [];
    const secondPage = (url: URL) => url.pathname === '/api/projects/' && url.searchParams.get('page') === '2';
    await page.route(secondPage, (route) => void held.push(route));
    await page.getByRole('button', { name: 'Load more (2 more)' }).click();
    const loading = page.getByRole('button', { name: 'Loading…' });
    await loading.waitFor();
    await expectEventually(() => loading.isDisabled()).toBe(true);
    await expectEventually(() => held.length).toBe(1);
    await held[0]!.continue();
    await page.unroute(secondPage);
    await page.getByTestId('project-card').nth(101).waitFor();
    await expectEventually(() => page.getByTestId('project-card').count()).toBe(102);
    await expectEventually(() => page.locator('.load-more').count()).toBe(0);
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});

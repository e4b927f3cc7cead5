import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { startHoldingProxy, type HoldingProxy } from '../helpers/holdingProxy.js';
import { closedPortUrl } from '../helpers/remotesApi.js';
import { createRemoteProject, exportedIds, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { dismissToasts } from '../helpers/toasts.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The sync page in Chromium against a local `outpost serve`, with a second Outpost as the remote,
 * reached through a proxy that can hold a request so a run is seen mid-way without racing it.
 * The browser only ever talks to the local server: the remote's origin must never be requested.
 */

/** Only the part of the DOM the page functions below use (this file is type-checked for Node). */

let remoteStopped = false;
const EXPECTED = [
  // A bad URL, an unreachable one and the wrong token: the local server refuses to save each.
  { status: 400, path: /^\/api\/outpost\/remotes\/?$/, method: 'POST' },
  // Once the remote is stopped, listing its projects is a 502 that the page shows.
  { status: 502, path: /^\/api\/outpost\/remotes\/\d+\/projects\/?$/, when: () => remoteStopped },
];

/**
 * Four pages of a full pull's 250 tasks: the proxy holds the third, so the run is seen mid-pull for
 * as long as the test needs (no size has to make it slow), and the count still shows a thousands
 * separator.
 */
const BIG_PROJECT_TASKS = 1000;

interface RemoteWire {
  id: number;
  sync_interval_minutes: number;
}

describe('sync page in Chromium against outpost serve and a remote Outpost', () => {
  let server: E2eServer;
  let remote: RemoteOutpost;
  let proxy: HoldingProxy;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let bigProject: number;
  let bigProjectTaskIds: number[];

  const card = (): Locator => page.getByRole('region', { name: 'Remote lab' });
  const newestRun = (): Locator => card().getByTestId('sync-run').first();

  /** Before a screenshot: no toast over the page (unless a modal makes them inert), no transition half done. */
  async function settle(): Promise<void> {
    if ((await page.locator('dialog[open]').count()) === 0) await dismissToasts(page);
    // The running run's progress bar may loop forever; only transitions must have ended.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.constructor.name !== 'CSSTransition'),
    );
  }

  /** Light then dark screenshots of the page as it is (the theme follows the system here). */
  async function shoot(state: string): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      await settle();
      await page.screenshot({ path: join(SCREENSHOTS, `sync-${state}-${theme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /** The accessibility scan of the page as it is, in both themes. */
  async function expectAccessible(): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      await settle();
      await expectEventually(() => seriousAxeViolations(page), { message: theme }).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  beforeAll(async () => {
    [server, remote] = await Promise.all([startE2eServer('sync'), startRemoteOutpost()]);
    const big = await createRemoteProject(
      remote,
      Array.from({ length: BIG_PROJECT_TASKS }, (_, index) => `report ${index + 1}`),
      { title: 'Field reports' },
    );
    bigProject = big.projectId;
    bigProjectTaskIds = big.taskIds;
    await createRemoteProject(remote, ['alpha', 'beta'], { title: 'Small batch' });
    proxy = await startHoldingProxy(remote.url);
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' }, EXPECTED);
    ({ page } = recorded);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (!remoteStopped) await Promise.all([proxy?.close(), remote?.stop()]);
  });

  it('starts empty, with no sync state in the status bar', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await page.getByRole('heading', { name: 'No remotes yet' }).waitFor();
    await page.getByTestId('server-status').waitFor();
    await expectEventually(() => page.getByTestId('sync-status').count()).toBe(0);
    await shoot('empty');
  });

  it('says on a project made here that it was never synced, and offers to add a remote', async () => {
    const local = await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Made here' });
    await page.goto(`${server.origin}/#/projects/${local.id}/conflicts`);
    await page.getByRole('heading', { name: 'This project has never been synced' }).waitFor();
    await expectEventually(() => page.getByText('No conflicts to resolve').count()).toBe(0);
    const next = page.getByRole('link', { name: 'Add a remote' });
    await expectEventually(() => next.getAttribute('href')).toBe('#/sync');
    await shoot('conflicts-never-synced');
    await expectAccessible();
    await next.click();
    await page.getByRole('heading', { name: 'No remotes yet' }).waitFor();
  });

  it('shows each refusal under its field: a bad URL, an unreachable one, then a wrong token', async () => {
    await page.getByRole('button', { name: 'Add remote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add remote' });
    const url = dialog.getByLabel('Server URL');
    const token = dialog.getByLabel('Token');
    const messageOf = async (field: Locator) =>
      dialog.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent();
    await url.fill('label studio at work');
    await token.fill('0'.repeat(40));
    await dialog.getByLabel('Name').fill('Remote lab');
    await expectEventually(() => token.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Add remote' }).click();
    await dialog.getByText('Enter a valid URL starting with http:// or https://.').waitFor();
    await expectEventually(() => url.getAttribute('aria-invalid')).toBe('true');
    await expectEventually(() => messageOf(url)).toBe('Enter a valid URL starting with http:// or https://.');
    await expectEventually(() => url.evaluate((element) => element === document.activeElement)).toBe(true);
    // Not a banner: the form's alert is for what belongs to no field.
    await expectEventually(() => dialog.getByRole('alert').count()).toBe(0);

    const nowhere = await closedPortUrl();
    await url.fill(nowhere);
    // Editing the field takes its old refusal away.
    await expectEventually(() => url.getAttribute('aria-invalid')).toBe('false');
    await dialog.getByRole('button', { name: 'Add remote' }).click();
    await dialog.getByText(`${nowhere} could not be reached`).waitFor();
    await expectEventually(() => messageOf(url)).toBe(
      `${nowhere} could not be reached: nothing answers at that address (connection refused). ` +
        'Check the URL and port, and that the server is running.',
    );
    await expectEventually(() => dialog.textContent()).not.toContain('fetch failed');
    await shoot('add-unreachable');

    await url.fill(proxy.url);
    await dialog.getByRole('button', { name: 'Add remote' }).click();
    await dialog.getByText(`${proxy.url} refused the legacy token`).waitFor();
    await expectEventually(() => token.getAttribute('aria-invalid')).toBe('true');
    await expectEventually(() => messageOf(token)).toContain(`${proxy.url} refused the legacy token`);
    await expectEventually(() => url.getAttribute('aria-invalid')).toBe('false');
    await shoot('add-refused');
    await expectAccessible();

    await token.fill(remote.pat);
    await dialog.getByRole('button', { name: 'Add remote' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card().waitFor();
    const facts = card().locator('.sync-facts');
    await facts.getByText('Personal access token').waitFor();
    await expectEventually(() => facts.textContent()).toContain(proxy.url);
    const version = await remote.api<{ release: string }>('GET', '/api/version');
    await expectEventually(() => facts.textContent()).toContain(`Label Studio ${version.release}`);
    await expectEventually(() => card().getByTestId('remote-interval').textContent()).toBe('Manual only');
    await page.getByTestId('sync-status').getByText('Sync: idle · never synced').waitFor();
  });

  it("lists the remote's projects, none mirrored yet", async () => {
    const big = card().getByRole('row', { name: /Field reports/ });
    await big.waitFor();
    await expectEventually(() => big.textContent()).toContain('1,000');
    await expectEventually(() => big.textContent()).toContain('Not mirrored');
    await expectEventually(() =>
      card()
        .getByRole('row', { name: /Small batch/ })
        .textContent(),
    ).toContain('2');
    // Nothing chosen and nothing mirrored: Sync now has nothing to do yet.
    await expectEventually(() => card().getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    await card().getByRole('heading', { name: 'Runs' }).waitFor();
    await card().getByText('No runs yet.').waitFor();
    await shoot('remote');
  });

  it('syncs the chosen project, showing its progress live, and ends with the counts of the remote', async () => {
    await card().getByRole('checkbox', { name: 'Sync Field reports' }).check();
    await card().getByText('Pulls 1 chosen project').waitFor();
    // The pages of tasks after the 500th wait in the proxy: the run is seen mid-pull, for as long
    // as needed.
    const firstHeld = bigProjectTaskIds[500]!;
    proxy.hold((method, path) => {
      const url = new URL(path, proxy.url);
      const ids = exportedIds({ method, path: url.pathname, query: { 'ids[]': url.searchParams.getAll('ids[]') } });
      return ids.some((id) => id >= firstHeld);
    });
    await card().getByRole('button', { name: 'Sync now' }).click();
    await proxy.waitForHeld();
    const activity = newestRun().getByTestId('sync-run-activity');
    await activity.getByText(/pulling tasks \(500 of 1,000\)/).waitFor();
    await expectEventually(() => activity.textContent()).toBe(
      `pulling tasks (500 of 1,000) · project ${bigProject} (1 of 1)`,
    );
    await newestRun().getByText('Running', { exact: true }).waitFor();
    // Beside the duration: the time left at the pace so far.
    await newestRun()
      .getByTestId('sync-run-left')
      .getByText(/^(less than a minute|about \d+ min) left$/)
      .waitFor();
    await card().getByRole('button', { name: 'Cancel sync' }).waitFor();
    await page.getByTestId('sync-status').getByText('Syncing Remote lab: pulling tasks (500 of 1,000)…').waitFor();
    await shoot('running');
    proxy.release();

    await newestRun().getByText('Completed').waitFor({ timeout: 60_000 });
    const tasks = await remote.api<{ total: number }>('GET', `/api/tasks/?project=${bigProject}&page_size=1`);
    expect(tasks.total).toBe(BIG_PROJECT_TASKS);
    await expectEventually(() => newestRun().getByTestId('sync-run-pulled').textContent()).toBe(
      '1,000 tasks, 0 annotations, 0 predictions',
    );
    await card().getByRole('button', { name: 'Sync now' }).waitFor();
    const link = card().getByRole('link', { name: 'Open the local copy of Field reports' });
    await link.waitFor();
    await expectEventually(() =>
      card()
        .getByRole('row', { name: /Small batch/ })
        .textContent(),
    ).toContain('Not mirrored');
    await page.getByTestId('sync-status').getByText('Sync: idle · last synced just now').waitFor();
    await shoot('finished');
  });

  it('shows the mirrored project on the projects page, marked with its remote, and it opens', async () => {
    const href = await card().getByRole('link', { name: 'Open the local copy of Field reports' }).getAttribute('href');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: 'Settings of Field reports' }).waitFor();
    const mirrored = page.getByRole('article', { name: 'Field reports' });
    const badge = mirrored.getByRole('link', { name: 'Mirrored from Remote lab' });
    await badge.waitFor();
    await expectEventually(() => badge.getAttribute('title')).toBe(proxy.url);
    // Nothing waits in it yet, and a project made here has no sync marks at all.
    await expectEventually(() => mirrored.getByRole('link', { name: /to push|conflict/ }).count()).toBe(0);
    await expectEventually(() =>
      page
        .getByRole('article', { name: 'Made here' })
        .getByRole('list', { name: /^Sync of/ })
        .count(),
    ).toBe(0);
    await page.getByRole('heading', { name: 'Field reports' }).first().click();
    await page.waitForURL((url) => url.hash === href);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await card().waitFor();
  });

  it('counts work labeled here and not pushed yet: status bar, remote and project card', async () => {
    const projects = await server.api<{ results: { id: number; title: string }[] }>('GET', '/api/projects/');
    const mirror = projects.results.find((project) => project.title === 'Field reports')!.id;
    const tasks = await server.api<{ tasks: { id: number }[] }>('GET', `/api/tasks/?project=${mirror}&page_size=1`);
    // Submitted here as the editor does: the annotation is journaled for the next push.
    await server.api('POST', `/api/tasks/${tasks.tasks[0]!.id}/annotations/`, { result: [] });

    await page.getByTestId('sync-status').getByText('Sync: 1 local change to push · last synced').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    const pending = page.getByRole('article', { name: 'Field reports' }).getByRole('link', { name: /^1 to push/ });
    await pending.waitFor();
    await expectEventually(() => pending.getAttribute('aria-label')).toBe(
      '1 to push: 1 local change of Field reports not on Remote lab yet',
    );
    await shoot('projects-pending');
    await expectAccessible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await expectEventually(() => card().getByTestId('remote-pending').textContent()).toBe('1 local change waiting');
  });

  it('edits the interval', async () => {
    await card().getByRole('button', { name: 'Edit Remote lab' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Remote lab' });
    await dialog.getByLabel('Sync interval (minutes)').fill('15');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card().getByTestId('remote-interval').getByText('Every 15 min').waitFor();
    const [saved] = await server.api<RemoteWire[]>('GET', '/api/outpost/remotes/');
    expect(saved?.sync_interval_minutes).toBe(15);
  });

  it('shows a failed run and its per-item error when the remote is gone', async () => {
    // Set first: the page may ask for the remote's projects while the remote is going away.
    remoteStopped = true;
    await Promise.all([proxy.close(), remote.stop()]);

    // Nothing chosen: every mirrored project (here the one) is synced.
    await card().getByText('Nothing chosen: syncs the 1 mirrored project.').waitFor();
    await card().getByRole('button', { name: 'Sync now' }).click();
    await newestRun().getByText('Failed', { exact: true }).waitFor({ timeout: 60_000 });
    const errors = newestRun().getByRole('list', { name: /^Errors of run/ });
    const error = errors.getByRole('listitem').first();
    await expectEventually(() => error.textContent()).toContain(`connect · ${proxy.url}`);
    await expectEventually(() => error.textContent()).toMatch(/could not be reached/);
    await page
      .getByTestId('sync-status')
      .getByText(/^Sync failed: /)
      .waitFor();
    // The work made here is still waiting, and the bar says so.
    await expectEventually(() => page.getByTestId('sync-status').textContent()).toContain(
      '· 1 local change not pushed',
    );
    await expectEventually(() => page.getByTestId('sync-status').getAttribute('href')).toBe('#/sync');
    // The projects list is refreshed after the run and says why it cannot be had.
    await card()
      .getByText(/The projects could not be listed/)
      .waitFor();
    await shoot('failed');
  });

  it('removes the remote after confirmation, keeping the mirrored project', async () => {
    await card().getByRole('button', { name: 'Remove Remote lab' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Remote lab?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card().waitFor();
    await card().getByRole('button', { name: 'Remove Remote lab' }).click();
    await confirm.getByRole('button', { name: 'Remove remote' }).click();
    await page.getByRole('heading', { name: 'No remotes yet' }).waitFor();
    await page.getByTestId('sync-status').waitFor({ state: 'detached' });
    expect(await server.api<unknown[]>('GET', '/api/outpost/remotes/')).toEqual([]);
    const projects = await server.api<{ results: { title: string }[] }>('GET', '/api/projects/');
    expect(projects.results.map((project) => project.title)).toContain('Field reports');
  });

  it('never asked anything of another origin, nor failed unexpectedly', () => {
    const remoteOrigins = [new URL(remote.url).origin, new URL(proxy.url).origin];
    expect(recorded.record.requests.filter((url) => remoteOrigins.includes(new URL(url).origin))).toEqual([]);
    recorded.expectClean(server.origin);
  });
});

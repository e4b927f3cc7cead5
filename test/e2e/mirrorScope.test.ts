import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually, waitUntil } from '../helpers/eventually.js';
import { startHoldingProxy, type HoldingProxy } from '../helpers/holdingProxy.js';
import { createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { dismissToasts } from '../helpers/toasts.js';

/*
 * "Choose part…" on the Sync page, in Chromium against a local `outpost serve` with a second
 * Outpost as the remote, reached through a proxy that can hold a request (the tabs are seen
 * loading) or go away (they cannot be listed): a part is chosen in the dialog before the first
 * pull, the local server stores it (read back through the API), the row says it, and the sync
 * pulls only that part.
 */

let proxyClosed = false;
const EXPECTED = [
  // Once the proxy is gone the remote's tabs (and, on a refresh, its projects) cannot be listed.
  { status: 502, path: /^\/api\/outpost\/remotes\/\d+\/projects\/\d+\/views\/?$/, when: () => proxyClosed },
  { status: 502, path: /^\/api\/outpost\/remotes\/\d+\/projects\/?$/, when: () => proxyClosed },
];

interface RunWire {
  id: number;
  status: string;
}

/** Every third task needs review: the tab below filters them by two conditions. */
const TEXTS = Array.from({ length: 30 }, (_, index) => (index % 3 === 0 ? `needs review ${index}` : `fine ${index}`));

describe('choosing the part of a remote project to pull, on the Sync page', () => {
  let server: E2eServer;
  let remote: RemoteOutpost;
  let proxy: HoldingProxy;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let remoteId: number;
  let projectId: number;
  let taskIds: number[];
  let reviewTab: number;

  const row = (): Locator => page.getByRole('region', { name: 'Lab' }).getByRole('row', { name: /Field reports/ });
  const dialog = (): Locator => page.getByRole('dialog', { name: 'Choose the part of Field reports to pull' });
  const savedScope = async () =>
    (await server.api<{ scope: unknown }>('GET', `/api/outpost/remotes/${remoteId}/projects/${projectId}/scope/`))
      .scope;
  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

  /** Light and dark screenshots of the page as it is, for people to look at; each theme passes the axe scan. */
  async function shootAccessible(state: string): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      await expectEventually(() => seriousAxeViolations(page), { message: theme }).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, `scope-${state}-${theme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  beforeAll(async () => {
    [server, remote] = await Promise.all([startE2eServer('scope'), startRemoteOutpost()]);
    ({ projectId, taskIds } = await createRemoteProject(remote, TEXTS, { title: 'Field reports' }));
    const text = (value: string) => ({ filter: 'filter:tasks:data.text', operator: 'contains', type: 'String', value });
    await remote.api('POST', '/api/dm/views/', { project: projectId, data: { title: 'Everything' } });
    reviewTab = (
      await remote.api<{ id: number }>('POST', '/api/dm/views/', {
        project: projectId,
        data: { title: 'Needs review', filters: { conjunction: 'and', items: [text('needs'), text('review')] } },
      })
    ).id;
    proxy = await startHoldingProxy(remote.url);
    remoteId = (
      await server.api<{ id: number }>('POST', '/api/outpost/remotes/', {
        url: proxy.url,
        token: remote.token,
        name: 'Lab',
      })
    ).id;
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' }, EXPECTED);
    ({ page } = recorded);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), proxyClosed ? null : proxy?.close(), remote?.stop()]);
  });

  it('shows the whole project as the part of a project never pulled, and the dialog closes on Escape', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await expectEventually(() => row().getByTestId('project-scope').textContent()).toBe('Whole project');
    await expectEventually(() => row().getByTestId('project-holding').count()).toBe(0);

    const choose = row().getByRole('button', { name: 'Choose part of Field reports' });
    await choose.click();
    const whole = dialog().getByRole('radio', { name: 'Whole project' });
    await expectEventually(() => whole.isChecked()).toBe(true);
    await expectEventually(() => isFocused(whole)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await expectEventually(() => isFocused(choose)).toBe(true);
    expect(await savedScope()).toBeNull();
  });

  it('sets a tab, with its filter count, before the first pull', async () => {
    await row().getByRole('button', { name: 'Choose part of Field reports' }).click();
    // The tabs are asked of the remote only when this choice is made, and are seen loading meanwhile.
    proxy.hold((_method, path) => path.startsWith('/api/dm/views'));
    await dialog().getByRole('radio', { name: 'A tab of the project, with its filters' }).check();
    await proxy.waitForHeld();
    await dialog().getByRole('status').getByText('Asking Lab for the project’s tabs…').waitFor();
    proxy.release();
    const tab = dialog().getByRole('combobox', { name: 'Tab' });
    await expectEventually(() => tab.locator('option').allTextContents()).toEqual([
      'Everything (no filters)',
      'Needs review (2 filters)',
    ]);
    await tab.selectOption({ label: 'Needs review (2 filters)' });
    await shootAccessible('tab');
    await dialog().getByRole('button', { name: 'Save part' }).click();
    await dialog().waitFor({ state: 'hidden' });

    await expectEventually(() => row().getByTestId('project-scope').textContent()).toBe('Tab “Needs review”');
    await expectEventually(savedScope).toEqual({ kind: 'view', view: reviewTab, title: 'Needs review' });
    await dismissToasts(page);
  });

  it('pulls only the tab, and counts what the mirror holds against the project', async () => {
    const inTab = await remote.api<{ total: number }>('GET', `/api/tasks/?view=${reviewTab}&page_size=1`);
    expect(inTab.total).toBe(10);
    await row().getByRole('checkbox', { name: 'Sync Field reports' }).check();
    await page.getByRole('region', { name: 'Lab' }).getByRole('button', { name: 'Sync now' }).click();
    await waitUntil(async () => {
      const runs = await server.api<RunWire[]>('GET', `/api/outpost/remotes/${remoteId}/runs/`);
      return runs[0]?.status === 'completed';
    }, 'the pull of the tab');
    await expectEventually(() => row().getByTestId('project-holding').textContent()).toBe('10 of 30 tasks here');
    await expectEventually(() => row().getByTestId('project-scope').textContent()).toBe('Tab “Needs review”');
    await shootAccessible('pulled');
  });

  it('refuses a backwards range in the page, then saves a list of ids', async () => {
    await row().getByRole('button', { name: 'Choose part of Field reports' }).click();
    // The dialog opens on the saved part.
    await expectEventually(() => dialog().getByRole('radio', { name: 'A tab of the project' }).isChecked()).toBe(true);
    await dialog().getByRole('radio', { name: 'Task ids' }).check();
    const ids = dialog().getByRole('textbox', { name: 'Ids and ranges' });
    const [first, second, third] = taskIds;
    await ids.fill(`${third}-${first}`);
    await dialog().getByRole('button', { name: 'Save part' }).click();
    await expectEventually(() => ids.getAttribute('aria-invalid')).toBe('true');
    await expectEventually(async () =>
      dialog()
        .locator(`[id="${await ids.getAttribute('aria-describedby')}"]`)
        .textContent(),
    ).toBe(`“${third}-${first}” ends before it starts: write ${first}-${third}.`);
    await expectEventually(() => isFocused(ids)).toBe(true);
    await shootAccessible('ids-refused');
    // Nothing was sent: the server still holds the tab.
    expect(await savedScope()).toEqual({ kind: 'view', view: reviewTab, title: 'Needs review' });

    await ids.fill(`${first}-${second}, ${taskIds.at(-1)}`);
    await expectEventually(() => ids.getAttribute('aria-invalid')).toBe('false');
    await dialog().getByRole('button', { name: 'Save part' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expectEventually(() => row().getByTestId('project-scope').textContent()).toBe('3 chosen tasks');
    await expectEventually(savedScope).toEqual({ kind: 'ids', ids: [first, second, taskIds.at(-1)] });
  });

  it('saves a range alone as a range, and the next unlabeled tasks as a count', async () => {
    const [first] = taskIds;
    const last = taskIds.at(-1);
    await row().getByRole('button', { name: 'Choose part of Field reports' }).click();
    await dialog().getByRole('textbox', { name: 'Ids and ranges' }).fill(`${first} - ${last}`);
    await dialog().getByRole('button', { name: 'Save part' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expectEventually(savedScope).toEqual({ kind: 'range', from: first, to: last });
    await expectEventually(() => row().getByTestId('project-scope').textContent()).toBe(`Tasks ${first}–${last}`);

    await row().getByRole('button', { name: 'Choose part of Field reports' }).click();
    await dialog().getByRole('radio', { name: 'The next unlabeled tasks' }).check();
    await dialog().getByRole('spinbutton', { name: 'How many to keep here' }).fill('25');
    await dialog().getByRole('button', { name: 'Save part' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expectEventually(savedScope).toEqual({ kind: 'unlabeled', count: 25 });
    await expectEventually(() => row().getByTestId('project-scope').textContent()).toBe('25 unlabeled at a time');
    await dismissToasts(page);
    await shootAccessible('unlabeled');
  });

  it('says why the tabs cannot be listed when the remote is gone, and keeps the saved part', async () => {
    proxyClosed = true;
    await proxy.close();
    await row().getByRole('button', { name: 'Choose part of Field reports' }).click();
    await dialog().getByRole('radio', { name: 'A tab of the project, with its filters' }).check();
    const problem = dialog().getByRole('alert');
    await problem.getByText(/^The tabs could not be listed: /).waitFor();
    await problem.getByRole('button', { name: 'Retry' }).waitFor();
    await dialog().getByRole('button', { name: 'Save part' }).click();
    await dialog().getByText('Retry listing the tabs, or choose another part.').waitFor();
    await shootAccessible('tabs-failed');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(await savedScope()).toEqual({ kind: 'unlabeled', count: 25 });
  });

  it('never asked anything of another origin, nor failed unexpectedly', () => {
    const remoteOrigins = [new URL(remote.url).origin, new URL(proxy.url).origin];
    expect(recorded.record.requests.filter((url) => remoteOrigins.includes(new URL(url).origin))).toEqual([]);
    recorded.expectClean(server.origin);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../helpers/e2eServer.js';
import { startFakeEditorServer, type FakeEditorServer } from '../helpers/fakeEditorServer.js';
import { expectEventually, waitUntil } from '../helpers/eventually.js';
import {
  createProject,
  importTasks,
  openLabelingSession,
  waitForEditor,
  EDITOR_FRAME,
  MOOD_CONFIG,
  type LabelingSession,
} from '../helpers/labelingPage.js';

/*
 * A hostile remote: any server that answers /api/version with an editor commit and serves
 * /react-app/ files gets its code cached as an editor. Its planted script runs as soon as the
 * editor frame loads it. It must find no way out of the frame: no cookie, no storage, no API
 * (not even unauthenticated), nothing of the app page or the desktop bridge, and it must not
 * run at all for a project nobody chose it for.
 */

interface Probe {
  origin: string;
  cookie: string;
  storage: string;
  parentPage: string;
  bridge: string;
  remotes: string;
  create: string;
  image: string;
}

/** What the planted code tries, reported to the page (the only window it can message). */
const PLANTED = `(async () => {
  const out = { origin: String(self.origin) };
  const attempt = async (name, work) => { try { out[name] = String(await work()); } catch (e) { out[name] = 'threw ' + e.name; } };
  await attempt('cookie', () => document.cookie);
  await attempt('storage', () => window.localStorage.getItem('outpost.editorLoadTimeoutMs'));
  await attempt('parentPage', () => parent.document.title);
  await attempt('bridge', () => typeof parent.outpost);
  await attempt('remotes', async () => (await fetch('/api/outpost/remotes', { credentials: 'include' })).status);
  await attempt('create', async () => (await fetch('/api/projects/', { method: 'POST', credentials: 'include',
    headers: { 'Content-Type': 'application/json' }, body: '{"title":"planted"}' })).status);
  await attempt('image', () => new Promise((resolve) => { const img = new Image();
    img.onload = () => resolve('loaded'); img.onerror = () => resolve('refused'); img.src = '/api/outpost/remotes'; }));
  parent.postMessage({ planted: out }, '*');
})();`;

describe('a hostile remote’s editor in the sandboxed frame, in Chromium', () => {
  let remote: FakeEditorServer;
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let chosenProject: number;
  let chosenTask: number;
  let otherProject: number;
  let otherTask: number;
  let editorKey: string;

  beforeAll(async () => {
    remote = await startFakeEditorServer();
    remote.api.set('/api/version', { release: '1.22.0', 'label-studio-frontend': { commit: 'badc0ffee123' } });
    remote.api.set('/api/current-user/whoami', { id: 1, email: 'mallory@example.org', username: 'mallory' });
    // It claims the tags of the project's config, so the page loads it rather than explain.
    const tags = ['view', 'text', 'choices', 'choice'].map((tag) => `we.addTag("${tag}",A);`).join('');
    remote.files.set('9.js', remote.files.get('9.js')!.replace('we.addTag("datetime",A);', tags));
    // The planted code runs; the runtime's text, which the download reads, is left in a comment.
    remote.files.set('runtime.js', `${PLANTED}/*${remote.files.get('runtime.js')}*/`);
    session = await openLabelingSession('editor-isolation', {
      // What planted code can reach is the question here: the browser as users run it.
      launch: { siteIsolation: true },
      async setup(started) {
        chosenProject = await createProject(started, 'Chose the remote editor', MOOD_CONFIG);
        [chosenTask] = (await importTasks(started, chosenProject, [{ text: 'Planted?' }])) as [number];
        otherProject = await createProject(started, 'Bundled by default', MOOD_CONFIG);
        [otherTask] = (await importTasks(started, otherProject, [{ text: 'Untouched.' }])) as [number];
        await started.api('POST', '/api/outpost/remotes/', { url: remote.url, token: 'x'.repeat(40), name: 'Mallory' });
        const choices = () =>
          started.api<{ editors: { key: string }[] }>('GET', `/api/outpost/projects/${chosenProject}/editor/choices`);
        // Adding a remote downloads its editor in the background: hooks cannot poll with expect.
        const listed = await waitUntil(async () => (await choices()).editors[0], 'the remote editor to be cached');
        editorKey = listed.key;
      },
    });
    ({ server, page } = session);
    // The desktop bridge as the preload would expose it on the app page, and a collector of
    // whatever the frame's planted code reports.
    await session.context.addInitScript(
      ({ url, token }) => {
        // Typed by hand: the test's tsconfig has no DOM library.
        const page = globalThis as unknown as {
          addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
        };
        const reports: unknown[] = [];
        Object.assign(page, {
          plantedReports: reports,
          outpost: { getServerInfo: () => Promise.resolve({ url, token }) },
        });
        page.addEventListener('message', (event) => {
          const data = event.data as { planted?: unknown } | null;
          if (data && typeof data === 'object' && 'planted' in data) reports.push(data.planted);
        });
      },
      { url: server.cli.url, token: server.cli.token },
    );
    // A fresh document, which the script above prepares; the tests then move by hash only.
    await page.reload();
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await remote?.close();
  });

  const reports = () => page.evaluate(() => (globalThis as unknown as { plantedReports: Probe[] }).plantedReports);

  it('labels a project made here with the bundled editor: the remote’s code never runs for it', async () => {
    await page.goto(`${server.cli.url}/#/projects/${otherProject}/tasks/${otherTask}`);
    await waitForEditor(page, 'Submit');
    await expectEventually(() => page.locator(EDITOR_FRAME).getAttribute('src')).toBe('./editor.html?theme=light');
    await expectEventually(() => page.locator(EDITOR_FRAME).getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    expect(await reports()).toEqual([]);
    expect(remote.requests.filter((path) => path.startsWith('/react-app/')).length).toBeGreaterThan(0);
  });

  it('runs the chosen remote editor sandboxed: no cookie, storage, API, app page or bridge', async () => {
    // Chosen for this one project in its settings, as a person would.
    await page.goto(`${server.cli.url}/#/projects/${chosenProject}/settings`);
    await page.getByLabel('Editor', { exact: true }).selectOption(editorKey);
    const chosen = async () =>
      (await server.api<{ key: string | null }>('GET', `/api/outpost/projects/${chosenProject}/editor`)).key;
    await expectEventually(chosen).toBe(editorKey);
    const projectsBefore = (await server.api<unknown[]>('GET', '/api/projects/?page_size=100')).length;
    await page.goto(`${server.cli.url}/#/projects/${chosenProject}/tasks/${chosenTask}`);
    await expectEventually(async () => (await reports()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [probe] = await reports();
    expect(probe).toEqual({
      origin: 'null',
      cookie: 'threw SecurityError',
      // The frame's own storage lives only in memory: it never sees the app's.
      storage: 'null',
      parentPage: 'threw SecurityError',
      bridge: 'threw SecurityError',
      remotes: 'threw TypeError',
      create: 'threw TypeError',
      image: 'refused',
    });
    expect((await server.api<unknown[]>('GET', '/api/projects/?page_size=100')).length).toBe(projectsBefore);
  });

  it('serves the editor page sandboxed and with a policy that connects nowhere, and the API no CORS', async () => {
    const editorPage = await fetch(`${server.cli.url}/editor.html`);
    const policy = editorPage.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^sandbox allow-scripts allow-forms;/);
    expect(policy).toContain('connect-src blob: data:');
    expect(policy).not.toContain('allow-same-origin');
    const api = await fetch(`${server.cli.url}/api/outpost/remotes`, { headers: { Origin: 'null' } });
    expect(api.status).toBe(401);
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    const file = await fetch(`${server.cli.url}/outpost-editors/${editorKey}/runtime.js`, {
      headers: { Origin: 'null' },
    });
    expect([file.status, file.headers.get('access-control-allow-origin')]).toEqual([200, 'null']);
  });
});

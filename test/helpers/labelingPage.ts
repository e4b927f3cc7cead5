import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { openRecordedPage, type ExpectedFailures, type RecordedPage } from './browserPage.js';
import { launchChromium, type ChromiumOptions } from './chromium.js';
import { startE2eServer, type E2eServer } from './e2eServer.js';

/*
 * What the browser tests of the labeling editor share: a signed-in page on a fresh `outpost serve`,
 * the editor's frame and its top bar, a dark-theme copy of the session, and the projects and tasks
 * they label.
 */

/**
 * The label stream's answer when it has nothing (left) for me, a 404 as in Label Studio: the page
 * asks for the task after the one on screen while it is open, so any stream's last task gets it.
 */
export const STREAM_END = [{ status: 404, path: /\/api\/projects\/\d+\/next\/$/ }];

/** The frame the labeling page and the task page show the editor in. */
export const EDITOR_FRAME = 'iframe[title^="Labeling editor"]';

export function labelingEditor(page: Page): FrameLocator {
  return page.frameLocator(EDITOR_FRAME);
}

/** The frame the project settings show the live preview of the labeling config in. */
export const PREVIEW_FRAME = 'iframe[title="Preview of the labeling interface"]';

export function configPreview(page: Page): FrameLocator {
  return page.frameLocator(PREVIEW_FRAME);
}

export type EditorButton = 'Submit' | 'Update' | 'Skip';

/** A button of the editor's top bar. */
export function editorButton(page: Page, name: EditorButton): Locator {
  return labelingEditor(page).locator('.lsf-topbar').getByText(name, { exact: true });
}

/** The editor is up once its submit (a new annotation) or update (an existing one) button shows. */
export function waitForEditor(page: Page, button: 'Submit' | 'Update', options?: { timeout?: number }): Promise<void> {
  return editorButton(page, button).waitFor(options);
}

export interface LabelingSession extends RecordedPage {
  server: E2eServer;
  browser: Browser;
  /** Closes the browser and stops the server. */
  close(): Promise<void>;
}

export interface LabelingSessionOptions {
  /** How Chromium is launched, e.g. with extra flags or with site isolation. */
  launch?: ChromiumOptions;
  /** The failures the tests provoke on purpose (see `openRecordedPage`). */
  expected?: ExpectedFailures;
  /** Runs once the server is up, before the page signs in: e.g. creates the projects to label. */
  setup?: (server: E2eServer) => Promise<void>;
}

/**
 * Starts `outpost serve` on a fresh data folder (`name` makes it recognizable), launches Chromium and
 * opens a recorded light-theme page signed in with the server's login link.
 */
export async function openLabelingSession(
  name: string,
  options: LabelingSessionOptions = {},
): Promise<LabelingSession> {
  const server = await startE2eServer(name);
  let browser: Browser | undefined;
  try {
    await options.setup?.(server);
    const launched = await launchChromium(options.launch);
    browser = launched;
    const recorded = await openRecordedPage(launched, { colorScheme: 'light' }, options.expected);
    await recorded.page.goto(server.cli.login, { waitUntil: 'load' });
    return {
      ...recorded,
      server,
      browser: launched,
      async close() {
        try {
          await launched.close();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/**
 * Runs `use` on a page of a dark-theme context that took the session over (the login link works
 * once, so it gets the light context's cookies), then closes that context. The page's errors go into
 * the session's record, and with `requests` its requests too; its failed responses and console are
 * not recorded.
 */
export async function inDarkTheme(
  session: LabelingSession,
  use: (page: Page) => Promise<void>,
  options: { requests?: boolean } = {},
): Promise<void> {
  const { browser, context, record } = session;
  const dark = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
  try {
    await dark.addCookies(await context.cookies());
    const page = await dark.newPage();
    if (options.requests) page.on('request', (request) => record.requests.push(request.url()));
    page.on('pageerror', (error) => record.errors.push(`pageerror: ${error.message}`));
    await use(page);
  } finally {
    await dark.close();
  }
}

/** Creates a project (its title, labeling config and any further fields) and returns its id. */
export async function createProject(
  server: Pick<E2eServer, 'api'>,
  title: string,
  labelConfig: string,
  more: Record<string, unknown> = {},
): Promise<number> {
  return (await server.api<{ id: number }>('POST', '/api/projects/', { title, label_config: labelConfig, ...more })).id;
}

/** The ids of a project's tasks, in id order. */
export async function taskIds(server: Pick<E2eServer, 'api'>, projectId: number): Promise<number[]> {
  const tasks = await server.api<{ id: number }[]>('GET', `/api/projects/${projectId}/tasks/?page_size=-1`);
  return tasks.map((task) => task.id).sort((a, b) => a - b);
}

/** Imports tasks as JSON (one data object each) and returns the ids of the project's tasks, in id order. */
export async function importTasks(
  server: Pick<E2eServer, 'api'>,
  projectId: number,
  data: Record<string, unknown>[],
): Promise<number[]> {
  await server.api('POST', `/api/projects/${projectId}/import`, data);
  return taskIds(server, projectId);
}

/** A text task with one single-choice question: the config most labeling-page tests use. */
export const MOOD_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="mood" toName="text"><Choice value="Happy"/><Choice value="Sad"/></Choices>
</View>`;

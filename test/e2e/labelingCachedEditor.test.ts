import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedEditorManifest } from '../../shared/api/editor.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import {
  configPreview,
  createProject,
  editorButton,
  importTasks,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  EDITOR_FRAME,
  MOOD_CONFIG,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * A local project labels with a cached editor a remote brought once it is chosen for it. These editors are
 * synthetic, written straight into the server's data folder: the real 1.22 files live only in the
 * interop rig (test/interop/ labels with them). What is checked here is what Outpost does when a
 * cached editor cannot be used: a file changed on disk, or files that do not start an editor.
 */

/** DateTime is a 1.22 tag the bundled 1.4.0 editor lacks. */
const DATETIME_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <DateTime name="when" toName="text" only="date"/>
</View>`;

/** A cached editor as sync stores it for remote 1: its files and a manifest with their SHA-256. */
function writeCachedEditor(dataDir: string, build: string, files: Record<string, string>): string {
  const key = `1/${build}`;
  const folder = join(dataDir, 'editors', '1', build);
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const manifest: CachedEditorManifest = {
    key,
    release: '1.22.0',
    commit: build.split('-')[1] ?? null,
    source: 'http://ls.example.org',
    fetched_at: new Date().toISOString(),
    boot: {
      chunkGlobal: 'webpackChunklabelstudio',
      scripts: ['runtime.js', 'vendor.js'],
      modules: ['main.js'],
      styles: ['main.css'],
      chunks: [853],
      module: 82142,
      styleModules: [],
      featureFlags: {},
    },
    tags: ['view', 'text', 'choices', 'choice', 'datetime'],
    files: Object.entries(files).map(([name, text]) => ({
      name,
      size: Buffer.byteLength(text),
      sha256: createHash('sha256').update(text).digest('hex'),
    })),
  };
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return folder;
}

/** Files that load but start nothing: no webpack runtime sets up the chunk array. */
const INERT_FILES = {
  'runtime.js': '/* not a webpack runtime */',
  'vendor.js': '/* vendor */',
  'main.js': '/* main */',
  'main.css': '.lsf-nothing{}',
  '853.js': '/* the editor */',
};

interface Task {
  annotations: { result: { value: { choices?: string[] } }[] }[];
}

describe('labeling with a cached editor that cannot be used, in Chromium', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let textProject: number;
  let textTasks: number[];
  let dateProject: number;
  let dateTask: number;

  const taskPage = (project: number, task: number) => `${server.cli.url}/#/projects/${project}/tasks/${task}`;
  /** A project made here labels with a cached editor only once it is chosen for it. */
  const choose = (project: number, build: string) =>
    server.api('PUT', `/api/outpost/projects/${project}/editor`, { editor: `1/${build}` });
  const notice = () => page.getByTestId('editor-notice');

  beforeAll(async () => {
    session = await openLabelingSession('cached-editor', {
      async setup(started) {
        textProject = await createProject(started, 'Moods', MOOD_CONFIG);
        textTasks = await importTasks(started, textProject, [{ text: 'A sunny day.' }, { text: 'Rain again.' }]);
        dateProject = await createProject(started, 'Dates', DATETIME_CONFIG);
        [dateTask] = (await importTasks(started, dateProject, [{ text: 'Met on 3 May.' }])) as [number];
      },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('refuses a cached editor whose file changed on disk, removes it and labels with the bundled editor', async () => {
    const folder = writeCachedEditor(server.dataDir, '1.22.0-feedc0ffee00', INERT_FILES);
    await choose(textProject, '1.22.0-feedc0ffee00');
    // Changed after download: its bytes no longer match the manifest.
    writeFileSync(join(folder, '853.js'), 'window.LabelStudio = function Evil() {};');

    await page.goto(taskPage(textProject, textTasks[0]!));
    await notice().waitFor();
    await expectEventually(() => notice().textContent()).toContain(
      'ls.example.org did not match what was downloaded and was removed',
    );
    expect(existsSync(folder)).toBe(false);
    await expectEventually(() => page.getByTestId('editor-caption').textContent()).toBe('Bundled editor 1.4.0');
    await expectEventually(() => page.locator(EDITOR_FRAME).getAttribute('src')).toBe('./editor.html?theme=light');

    await waitForEditor(page, 'Submit');
    await labelingEditor(page).getByRole('checkbox', { name: /Happy/ }).check();
    await editorButton(page, 'Submit').click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Annotation submitted.').waitFor();
    const task = await server.api<Task>('GET', `/api/tasks/${textTasks[0]}/`);
    expect(task.annotations.map((annotation) => annotation.result[0]?.value.choices)).toEqual([['Happy']]);
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-cached-editor-tampered-light.png') });
    await expectEventually(() => seriousAxeViolations(page, [EDITOR_FRAME])).toEqual([]);
  });

  it('falls back to the bundled editor when a cached editor’s files do not start it, and says so', async () => {
    writeCachedEditor(server.dataDir, '1.22.0-0123456789ab', INERT_FILES);
    await choose(textProject, '1.22.0-0123456789ab');
    await choose(dateProject, '1.22.0-0123456789ab');
    const cachedFrame = page.waitForRequest((request) => request.url().includes('editor.html?theme=light&editor='));
    await page.goto(taskPage(textProject, textTasks[1]!));
    await cachedFrame;
    await notice().waitFor();
    await expectEventually(() => notice().textContent()).toBe(
      'The Label Studio 1.22.0 editor from ls.example.org could not be loaded: its scripts did not set up the ' +
        'chunk loader (webpackChunklabelstudio). The bundled editor (Label Studio 1.4.0) labels instead.',
    );
    await expectEventually(() => page.getByTestId('editor-caption').textContent()).toBe('Bundled editor 1.4.0');
    await waitForEditor(page, 'Submit');
    await expectEventually(() => page.locator(EDITOR_FRAME).getAttribute('src')).toBe('./editor.html?theme=light');
    await labelingEditor(page).getByRole('checkbox', { name: /Sad/ }).check();
    await editorButton(page, 'Submit').click();
    // The first test's toast may still show (the page is the same, only its hash changed).
    await page.getByRole('region', { name: 'Notifications' }).getByText('Annotation submitted.').last().waitFor();
    const choices = async () =>
      (await server.api<Task>('GET', `/api/tasks/${textTasks[1]}/`)).annotations.map(
        (annotation) => annotation.result[0]?.value.choices,
      );
    await expectEventually(choices).toEqual([['Sad']]);
  });

  it('names the bundled editor and what to do when, fallen back to, it lacks a tag of the config', async () => {
    await page.goto(taskPage(dateProject, dateTask));
    await notice().waitFor();
    await page.getByRole('heading', { name: "The editor cannot show this project's labeling config" }).waitFor();
    await expectEventually(() =>
      page.getByText('The bundled editor (Label Studio 1.4.0) cannot show DateTime:').count(),
    ).toBe(1);
    await expectEventually(() => page.getByRole('listitem').filter({ hasText: '<DateTime>' }).textContent()).toBe(
      '<DateTime>: added to Label Studio after the 1.4.0 editor',
    );
    await expectEventually(() =>
      page.getByRole('link', { name: "Sync with your team's server" }).getAttribute('href'),
    ).toBe('#/sync');
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-cached-editor-fallback-unsupported-light.png') });
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
  });

  it('says in the config preview which editor labels the project and whether it knows the tags', async () => {
    await page.goto(`${server.cli.url}/#/projects/${textProject}/settings`);
    // The cached editor fails in the preview's frame too, and the bundled one previews instead.
    await notice().waitFor();
    const line = page.getByTestId('preview-editor');
    await expectEventually(() => line.textContent()).toBe(
      'This project labels with the bundled editor 1.4.0. It can show every tag of this config.',
    );
    await configPreview(page).getByRole('checkbox', { name: /Happy/ }).waitFor({ timeout: 15_000 });
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 10, allowDataUrls: false });
  });
});

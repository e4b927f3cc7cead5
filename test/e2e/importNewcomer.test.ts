import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * What a newcomer meets on the import page in a small window (800x700): a refusal is brought into
 * view and focused wherever the import was started from, every unreadable file is named in words,
 * the paste box's example has the config's own keys, and the config editor says what is wrong.
 */

const TEXT_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="sentiment" toName="text"><Choice value="Positive"/><Choice value="Negative"/></Choices>
</View>`;
const RANKER_CONFIG = `<View>
  <Header value="$query"/>
  <List name="results" value="$items" title="Results"/>
  <Ranker name="rank" toName="results"><Bucket name="good" title="Good"/></Ranker>
</View>`;

describe('import and config messages for a newcomer, in Chromium at 800x700', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let textProject: number;
  let rankerProject: number;
  /** The refusals this test provokes on purpose (imports and config checks answer 400). */
  const refused = [
    { status: 400, path: /^\/api\/projects\/\d+\/import$/ },
    { status: 400, path: /^\/api\/projects\/(\d+\/)?validate\/?$/ },
  ];

  /** Whether the element lies wholly inside the window, and whether it holds the focus. */
  async function placement(locator: Locator) {
    return locator.evaluate((element) => {
      // Runs in the page; the test's own types have no DOM globals.
      const view = globalThis as unknown as { innerHeight: number; document: { activeElement: unknown } };
      const box = element.getBoundingClientRect();
      return {
        inView: box.top >= 0 && box.top < view.innerHeight && box.height > 0,
        focused: view.document.activeElement === element,
      };
    });
  }

  beforeAll(async () => {
    server = await startE2eServer('import-newcomer');
    browser = await launchChromium();
    recorded = await openRecordedPage(
      browser,
      { colorScheme: 'light', viewport: { width: 800, height: 700 } },
      refused,
    );
    ({ page } = recorded);
    textProject = (
      await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Reviews', label_config: TEXT_CONFIG })
    ).id;
    rankerProject = (
      await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Search', label_config: RANKER_CONFIG })
    ).id;
    await page.goto(server.cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('brings a refused JSON paste into view and focuses it', async () => {
    await page.goto(`${server.origin}/#/projects/${textProject}/import`);
    await page.getByRole('heading', { name: 'Import data' }).waitFor();
    const box = page.getByLabel('Tasks as JSON');
    await box.scrollIntoViewIfNeeded();
    await box.fill('[{"review": "no text key"}]');
    await page.getByRole('button', { name: 'Import JSON' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await alert.waitFor();
    await expectEventually(() => placement(alert)).toEqual({ inView: true, focused: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'import-newcomer-paste-refused-800.png') });
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
  });

  it('names every unreadable file at once, in view, and sends nothing', async () => {
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from('[{"text": "fine"}]') },
      { name: 'empty.json', mimeType: 'application/json', buffer: Buffer.alloc(0) },
      { name: 'lines.jsonl', mimeType: 'application/json', buffer: Buffer.from('{"text": "a"}\n') },
      { name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from('[{"text": "a"') },
    ]);
    const importButton = page.getByRole('button', { name: 'Import 4 files' });
    await importButton.scrollIntoViewIfNeeded();
    const importsBefore = recorded.record.requests.filter((url) => url.endsWith('/import')).length;
    await importButton.click();
    const alert = page.getByRole('alert').filter({ hasText: 'could not be read' });
    await alert.waitFor();
    await expectEventually(() => placement(alert)).toEqual({ inView: true, focused: true });
    await expectEventually(() => alert.getByRole('heading').textContent()).toBe(
      // Files are listed (and sent) in natural name order.
      'Nothing was imported: cut.json, empty.json and lines.jsonl could not be read.',
    );
    const items = await alert.getByRole('listitem').allTextContents();
    expect(items).toEqual([
      'cut.jsonIt is not valid JSON. Line 1, column 14: a comma is missing between two values.',
      expect.stringMatching(/^empty\.jsonIt is empty: it holds no tasks/),
      expect.stringMatching(/^lines\.jsonlJSON Lines files/),
    ]);
    await expectEventually(() => alert.textContent()).not.toMatch(/Expecting value|extension is not supported/);
    expect(recorded.record.requests.filter((url) => url.endsWith('/import')).length).toBe(importsBefore);
    await page.screenshot({ path: join(SCREENSHOTS, 'import-newcomer-files-refused-800.png') });
  });

  it('keeps the progress bar moving while the server creates tasks (no byte count to show)', async () => {
    await page.goto(`${server.origin}/#/projects/${textProject}/import`);
    await page.getByRole('heading', { name: 'Import data' }).waitFor();
    // The bar as SendingProgress renders it while the server works: a progress element without a value.
    const bar = await page.evaluateHandle(`(() => {
      const bar = document.createElement('progress');
      bar.className = 'import-progress-bar';
      bar.max = 100;
      document.querySelector('main').append(bar);
      return bar;
    })()`);
    const style = () =>
      bar.evaluate((element) => {
        const computed = (
          globalThis as unknown as { getComputedStyle: (e: unknown) => Record<string, string> }
        ).getComputedStyle(element);
        return { animation: computed.animationName, position: computed.backgroundPosition };
      });
    const first = await style();
    expect(first.animation).toBe('import-progress-sweep');
    await expectEventually(async () => (await style()).position).not.toBe(first.position);
    await bar.evaluate((element) => (element as unknown as { remove: () => void }).remove());
  });

  it("shows the config's own keys, in their shapes, as the hint and the paste box's example", async () => {
    await page.goto(`${server.origin}/#/projects/${rankerProject}/import`);
    const expected = page.getByRole('region', { name: 'What each task needs' });
    await expected.waitFor();
    await expectEventually(() =>
      expected.getByRole('list', { name: 'Data keys the labeling config reads' }).textContent(),
    ).toBe('items for the List tagquery for the Header tag (not checked on import)');
    const example = '[{"query":"…","items":[{"id":1,"title":"…","body":"…"}]}]';
    await expectEventually(() => expected.textContent()).toContain(`JSON: ${example}`);
    await expectEventually(() => page.getByLabel('Tasks as JSON').getAttribute('placeholder')).toBe(example);
  });

  it('says in words what is wrong with a config, and where', async () => {
    await page.goto(`${server.origin}/#/projects/${textProject}/settings`);
    const validation = page.getByTestId('config-validation');
    await validation.getByText('The config is valid.').waitFor();
    const editor = page.getByRole('textbox', { name: 'Labeling config (XML)' });
    /** Replaces the whole config as a paste would, and waits for the server's verdict on it. */
    async function check(config: string) {
      await editor.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(config);
      const problem = validation.getByRole('listitem');
      await problem.waitFor();
      return { text: await problem.textContent(), original: await problem.getAttribute('title') };
    }
    // The closing </Choices> is missing: the </View> after it does not match.
    expect(await check(TEXT_CONFIG.replace('</Choices>', ''))).toEqual({
      text: 'Line 4, column 3: the closing tag </View> does not match the tag opened last; close the inner tag first.',
      original: 'mismatched tag: line 4, column 2',
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'config-problem-in-words-800.png') });
    expect(await check(TEXT_CONFIG.replace(/<Choice value[^]*?(?=<\/Choices>)/, ''))).toEqual({
      text: 'A <Choices> tag needs at least one <Choice> inside it.',
      original: "Validation failed on : 'Choice' is a required property",
    });
    expect(await check(TEXT_CONFIG.replace('toName="text"', 'toName="review"'))).toEqual({
      text: 'toName="review" points to no tag: no tag is named "review". The names in the config are "sentiment" and "text".',
      original: "toName=\"review\" not found in names: ['sentiment', 'text']",
    });
    await editor.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(TEXT_CONFIG);
    await validation.getByText('The config is valid.').waitFor();
    recorded.expectClean(server.origin);
  });
});

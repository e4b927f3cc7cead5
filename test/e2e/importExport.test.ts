import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { animationsSettled, openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';
import { solidPng } from '../helpers/labelingMedia.js';

const IMAGE_CONFIG = `<View>
  <Image name="image" value="$image"/>
  <RectangleLabels name="box" toName="image"><Label value="Cat"/><Label value="Dog"/></RectangleLabels>
</View>`;
const TEXT_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="sentiment" toName="text"><Choice value="Positive"/><Choice value="Negative"/></Choices>
</View>`;

describe('import page and export dialog in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let imageProject: number;
  let textProject: number;
  /** Set only around the invalid paste: the one request that may fail. */
  let expectRefusedImport = false;
  /** The invalid paste is refused with a 400 on purpose; Chromium logs that response as a console error. */
  const refusedImport = [{ status: 400, path: /^\/api\/projects\/\d+\/(re)?import$/, when: () => expectRefusedImport }];

  const taskTexts = async (project: number) =>
    (
      await server.api<{ tasks: { data: Record<string, unknown> }[] }>(
        'GET',
        `/api/tasks?project=${project}&page_size=100`,
      )
    ).tasks;

  /** The page (or an element) in both themes; the app follows the OS theme by default. */
  async function shoot(name: string) {
    await settled();
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-light.png`) });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await settled();
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-dark.png`) });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    await settled();
  }

  /** The accessibility scan of the page as it is, in both themes. */
  async function expectAccessible() {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      await settled();
      await expectEventually(() => seriousAxeViolations(page), { message: theme }).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
  }

  /** Colors fade between themes (CSS transitions): a screenshot waits until they have ended. */
  const settled = () => animationsSettled(page);

  beforeAll(async () => {
    server = await startE2eServer('import');
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light', acceptDownloads: true }, refusedImport);
    ({ page } = recorded);
    imageProject = (
      await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Pets', label_config: IMAGE_CONFIG })
    ).id;
    textProject = (
      await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Reviews', label_config: TEXT_CONFIG })
    ).id;
    await page.goto(server.cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('imports PNG files chosen in the picker and dropped on the page, and counts the tasks', async () => {
    await page.goto(`${server.origin}/#/projects/${imageProject}/import`);
    await page.getByRole('heading', { name: 'Import data' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Pets').waitFor();
    await expectEventually(() => page.getByRole('link', { name: 'Import' }).getAttribute('aria-current')).toBe('page');
    await page.waitForLoadState('networkidle');
    // Before anything is sent: what the labeling config reads, and how files fill it.
    const expected = page.getByRole('region', { name: 'What each task needs' });
    await expectEventually(() =>
      expected.getByRole('list', { name: 'Data keys the labeling config reads' }).textContent(),
    ).toBe('image for the Image tag');
    await expectEventually(() => expected.textContent()).toContain(
      'Or an image per task: each file becomes one task and fills image',
    );
    await shoot('import-empty');

    const colors: [number, number, number][] = [
      [200, 40, 40],
      [40, 200, 40],
      [40, 40, 200],
    ];
    await page.getByLabel('Choose files').setInputFiles(
      colors.map((rgb, index) => ({
        name: `cat-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: solidPng(8, 6, rgb),
      })),
    );
    await page.getByRole('heading', { name: /^3 files ready/ }).waitFor();

    // A drop as the browser delivers it: a DataTransfer carrying File objects.
    const dropped = [
      { name: 'dog-1.png', bytes: [...solidPng(4, 4, [9, 9, 9])] },
      { name: 'dog-2.png', bytes: [...solidPng(5, 5, [250, 250, 0])] },
    ];
    const transfer = await page.evaluateHandle(`(() => {
      const data = new DataTransfer();
      for (const { name, bytes } of ${JSON.stringify(dropped)}) {
        data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      }
      return data;
    })()`);
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    await page.getByRole('heading', { name: /^5 files ready/ }).waitFor();
    const listed = page.getByRole('list', { name: 'Files to import' }).getByRole('listitem');
    await expectEventually(() => listed.allTextContents()).toEqual(
      ['cat-1.png', 'cat-2.png', 'cat-3.png', 'dog-1.png', 'dog-2.png'].map((name) => expect.stringContaining(name)),
    );
    await shoot('import-files');

    await page.getByRole('button', { name: 'Remove dog-2.png' }).click();
    await page.getByRole('button', { name: 'Import 4 files' }).click();
    await page.getByRole('heading', { name: 'Imported 4 tasks from 4 files' }).waitFor();
    const tasks = await taskTexts(imageProject);
    expect(tasks).toHaveLength(4);
    const images = new Map(
      tasks.map((task) => {
        const path = String(task.data.image);
        return [path.replace(/^\/data\/upload\/\d+\/[0-9a-f]{8}-/, ''), path];
      }),
    );
    expect([...images.keys()].sort()).toEqual(['cat-1.png', 'cat-2.png', 'cat-3.png', 'dog-1.png']);
    // The stored media are the bytes that were sent.
    const first = await server.request('GET', images.get('cat-1.png')!);
    expect(Buffer.from(await first.arrayBuffer()).equals(solidPng(8, 6, colors[0]!))).toBe(true);
    await expectEventually(() => page.getByRole('link', { name: 'Start labeling' }).getAttribute('href')).toBe(
      `#/projects/${imageProject}/label`,
    );
    await shoot('import-done');
  });

  it("shows Label Studio's per-item errors for an invalid JSON paste, and creates nothing", async () => {
    await page.goto(`${server.origin}/#/projects/${textProject}/import`);
    await page.getByRole('heading', { name: 'Import data' }).waitFor();
    expectRefusedImport = true;
    await page.getByLabel('Tasks as JSON').fill('[{"text": "fine"}, {"review": "no text key"}, {"text": "also fine"}]');
    await page.getByRole('button', { name: 'Import JSON' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await alert.waitFor();
    await expectEventually(() => alert.getByRole('heading').textContent()).toBe(
      'Nothing was imported: 1 item has a problem.',
    );
    await expectEventually(() => alert.getByRole('listitem').count()).toBe(1);
    const items = await alert.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(1);
    expect(items[0]).toContain('Item 2');
    // A sentence, not Label Studio's Python dump of the item.
    expect(items[0]).toContain('Its data has no "text", the key the labeling config reads ($text). It has "review".');
    expect(items[0]).not.toContain("{'review'");
    await expectEventually(() => alert.textContent()).toContain(
      'The labeling config reads "text" from each task\'s data.',
    );
    await shoot('import-errors');

    await page.getByLabel('Tasks as JSON').fill('[{"text": "unterminated"');
    await page.getByRole('button', { name: 'Import JSON' }).click();
    await page.getByRole('alert').filter({ hasText: 'JSON parse error' }).waitFor();
    expectRefusedImport = false;
    await expectEventually(() => taskTexts(textProject)).toEqual([]);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expectEventually(() => page.getByRole('alert').count()).toBe(0);
  });

  it('imports CSV in two steps: upload, remove a file, read as a list of tasks, commit', async () => {
    const csv = (rows: string[]) =>
      Buffer.from(`text,score\n${rows.map((row, index) => `${row},${index}`).join('\n')}\n`);
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'reviews.csv', mimeType: 'text/csv', buffer: csv(['Great phone', 'Broke in a week', 'Okay']) },
      { name: 'extra.csv', mimeType: 'text/csv', buffer: csv(['Should not be imported']) },
    ]);
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    const review = page.getByRole('region', { name: /Uploaded 2 files/ });
    await review.waitFor();
    await expectEventually(() => review.getByText('4 tasks with the columns').count()).toBe(1);
    await expectEventually(() => review.getByRole('radio', { name: /List of tasks/ }).isChecked()).toBe(true);
    await expectEventually(() =>
      review.getByRole('radio', { name: /Time Series or Whole Text File/ }).isChecked(),
    ).toBe(false);
    await expectEventually(() => taskTexts(textProject)).toEqual([]);
    await shoot('import-review');

    await review.getByRole('button', { name: 'Remove extra.csv from the import' }).click();
    await page.getByRole('region', { name: /Uploaded 1 file:/ }).waitFor();
    await page.getByRole('button', { name: 'Import tasks' }).click();
    await page.getByRole('heading', { name: 'Imported 3 tasks from 1 file' }).waitFor();
    const tasks = await taskTexts(textProject);
    expect(tasks.map((task) => task.data).sort((a, b) => Number(a.score) - Number(b.score))).toEqual([
      { text: 'Great phone', score: 0 },
      { text: 'Broke in a week', score: 1 },
      { text: 'Okay', score: 2 },
    ]);
  });

  it('exports JSON with all tasks from the dialog, byte for byte what the API gives', async () => {
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export “Reviews”' });
    await dialog.waitFor();
    const json = dialog.getByRole('radio', { name: /^JSON\b/ }).first();
    await json.waitFor();
    await expectEventually(() => json.isChecked()).toBe(true);
    // A Choices config cannot give COCO: it is listed, greyed, and says why.
    const coco = dialog.getByRole('radio', { name: /^COCO\b/ }).first();
    await expectEventually(() => coco.isDisabled()).toBe(true);
    await expectEventually(() => coco.getAttribute('aria-describedby')).toBeTruthy();
    await expectEventually(() => dialog.getByText(/Not available for this labeling config/).count()).toBeGreaterThan(0);
    await expectEventually(() => page.evaluate('document.activeElement && document.activeElement.value')).toBe('JSON');
    await shoot('export-dialog');

    await dialog.getByLabel(/Include tasks without annotations/).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(new RegExp(`^project-${textProject}-at-.*\\.json$`));
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Exported project-' }).waitFor();

    const expected = await server.api<{ data: unknown }[]>(
      'GET',
      `/api/projects/${textProject}/export?exportType=JSON&download_all_tasks=true`,
    );
    expect(expected).toHaveLength(3);
    expect(JSON.parse(saved)).toEqual(expected);
  });

  it('shows the keys the "Tag Named Entities" config reads, warns about a text column, and explains the refusal', async () => {
    const { templates: list } = await server.api<{ templates: { title: string; config: string }[] }>(
      'GET',
      '/api/templates/',
    );
    const ner = list.find((item) => item.title === 'Tag Named Entities')!;
    const project = await server.api<{ id: number }>('POST', '/api/projects/', {
      title: 'Entities',
      label_config: ner.config,
    });
    await page.goto(`${server.origin}/#/projects/${project.id}/import`);
    const expected = page.getByRole('region', { name: 'What each task needs' });
    await expectEventually(() =>
      expected.getByRole('list', { name: 'Data keys the labeling config reads' }).textContent(),
    ).toBe('ner for the Text tag');
    await expectEventually(() => expected.textContent()).toContain('JSON: [{"ner":"…"}]');
    await expectEventually(() => expected.textContent()).toContain('CSV or TSV: a column named ner');

    await page.getByLabel('Choose files').setInputFiles([
      {
        name: 'people.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('text\nAda Lovelace met Babbage\nGrace Hopper\n'),
      },
    ]);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    const warning = page.getByTestId('missing-columns');
    await warning.waitFor();
    await expectEventually(() => warning.textContent()).toContain(
      'A column is missing: the labeling config reads "ner", which is not among these files’ columns ("text").',
    );
    await shoot('import-missing-column');
    await expectAccessible();

    expectRefusedImport = true;
    await page.getByRole('button', { name: 'Import tasks' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await alert.waitFor();
    expectRefusedImport = false;
    await expectEventually(() => alert.getByRole('heading').textContent()).toBe(
      'Nothing was imported: 2 items have problems.',
    );
    await expectEventually(() => alert.getByRole('listitem').allTextContents()).toEqual([
      'Items 1–2Its data has no "ner", the key the labeling config reads ($ner). It has "text".',
    ]);
    await expectEventually(() => alert.textContent()).not.toMatch(/\{'data'|file_upload_id|\[assume/);
    await shoot('import-mismatch');
    await expectAccessible();
    await expectEventually(() => taskTexts(project.id)).toEqual([]);
  });

  it('refuses an empty or broken CSV and an empty image, naming each file as the user did', async () => {
    const tryFile = async (project: number, name: string, mimeType: string, content: string | Buffer) => {
      // A fresh page each time: a refused file stays staged for the user to fix or remove.
      await page.goto(`${server.origin}/#/projects/${project}/import`);
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Import data' }).waitFor();
      await page.getByLabel('Choose files').setInputFiles([{ name, mimeType, buffer: Buffer.from(content) }]);
      expectRefusedImport = true;
      await page.getByRole('button', { name: /^(Upload|Import) 1 file$/ }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
      await alert.waitFor();
      expectRefusedImport = false;
      await expectEventually(() => alert.getByRole('heading').textContent()).toBe(
        `Nothing was imported: ${name} could not be read.`,
      );
      // The stored name (an 8-hex prefix) and any path stay on the server.
      await expectEventually(() => page.locator('main').textContent()).not.toMatch(/[0-9a-f]{8}-|\/upload\//);
      return alert.getByRole('listitem').textContent();
    };
    expect(await tryFile(textProject, 'empty.csv', 'text/csv', '')).toBe(
      'empty.csvIt is empty: a CSV or TSV file needs a header row that names its columns.',
    );
    expect(await tryFile(textProject, 'quotes.csv', 'text/csv', 'text\nfine\n"never closed\nmore\n')).toBe(
      'quotes.csvA quote (") that opens on row 3 is never closed, so everything after it would be one value. ' +
        'Close that quote, or double it ("") where it is part of the text.',
    );
    await page.getByRole('alert').first().scrollIntoViewIfNeeded();
    await shoot('import-unclosed-quote');
    await expectAccessible();
    expect(await tryFile(imageProject, 'blank.png', 'image/png', Buffer.alloc(0))).toBe(
      'blank.pngIt is empty (0 bytes): there is nothing in it to label.',
    );
    await expectEventually(() => taskTexts(textProject)).toHaveLength(3);
    await expectEventually(() => taskTexts(imageProject)).toHaveLength(4);
  });

  it('says under the URL field why an address cannot be imported from, not in a banner', async () => {
    await page.goto(`${server.origin}/#/projects/${textProject}/import`);
    await page.reload({ waitUntil: 'load' });
    const field = page.getByLabel('File URL');
    const messageOf = async () => page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent();
    expectRefusedImport = true;
    for (const [url, why] of [
      ['not a web address', 'That is not a web address: enter one that starts with http:// or https://.'],
      [
        'http://127.0.0.1:9/tasks.json',
        'The provided URL was not valid. URLs must begin with http:// or https://, and cannot be local IPs.',
      ],
    ] as const) {
      await field.fill(url);
      await page.getByRole('button', { name: 'Import from URL' }).click();
      await page.getByText(why).waitFor();
      await expectEventually(() => messageOf()).toBe(why);
      await expectEventually(() => field.getAttribute('aria-invalid')).toBe('true');
      await expectEventually(() => page.getByRole('alert').count()).toBe(0);
    }
    expectRefusedImport = false;
    await field.scrollIntoViewIfNeeded();
    await shoot('import-url-refused');
    await expectAccessible();
    // Editing the address takes the old reason away.
    await field.fill('https://example.org/tasks.json');
    await expectEventually(() => field.getAttribute('aria-invalid')).toBe('false');
    await expectEventually(() => messageOf()).toBe(
      'The local server downloads the file; it must be reachable from here.',
    );
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 10, allowDataUrls: false });
  });
});

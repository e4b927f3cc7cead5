import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openRecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { startE2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';
import { EDITOR_FRAME, labelingEditor, waitForEditor, STREAM_END } from '../helpers/labelingPage.js';
import { GROUP } from './benchCompare.js';
import {
  busiestRendererPid,
  readMemory,
  residentBytes,
  writeHeapSnapshot,
  type MemoryReading,
} from './labelingMemoryProbe.js';

/*
 * Memory over a day of labeling: one browser session labels 1,000 tasks of a text-classification
 * project through the label stream by keyboard (the first choice's hotkey "1", then Ctrl+Enter),
 * with the bundled editor, as an annotator would. After task 50 and after the last task it records
 * the renderer's JS heap after a full garbage collection, its DOM nodes, documents and event
 * listeners, and the renderer process's resident memory, and prints them and their growth. The
 * target is growth within 50 MB for the heap and the RSS. Nothing here asserts a figure: the
 * machines are shared; read the growth. Run `npm run build` first (it serves dist/).
 *
 * The test browsers run one renderer process per page (see test/helpers/chromium.ts), so the app
 * page and its editor frame share one process and one V8 heap; the DOM counts are given per
 * document. OUTPOST_MEMORY_TASKS sets another task count (e.g. 100 for a quick look), and
 * OUTPOST_MEMORY_SNAPSHOTS a folder for a heap snapshot at each reading (see labelingMemoryProbe.ts).
 *
 * Growth from task 50 to task 1,000 (2 cores, other work beside it; about 4 minutes a run):
 *                                          heap after GC   RSS after GC   DOM nodes
 *   a new frame per task (before)                 +1.0 MB       +82 MB          +7
 *   one frame for every task                       +367 MB      +546 MB    +115,900
 *   25 tasks a frame, the next built ahead         +1.0 MB     +67.5 MB          +6
 *   the same, a second run                        -12.9 MB     +39.7 MB      -3,094
 * The bundled editor leaves about 400 kB and 120 DOM nodes behind in its document per task, which
 * go with the frame. The RSS swings by tens of MB between runs with where the allocator stands.
 */

const TASKS = Number(process.env.OUTPOST_MEMORY_TASKS ?? 1_000);
/** A folder to write a heap snapshot into at each reading, to compare what grew. */
const SNAPSHOTS = process.env.OUTPOST_MEMORY_SNAPSHOTS;
const FIRST_READING_AFTER = Math.min(50, TASKS);
const CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="sentiment" toName="text">
    <Choice value="Positive" hotkey="1"/><Choice value="Negative" hotkey="2"/>
  </Choices>
</View>`;

const textOf = (index: number) => `Review ${index + 1}: the ferry left on time and the crew was friendly.`;

const server = await startE2eServer('labeling-memory');
const browser = await launchChromium();

afterAll(async () => {
  await browser.close();
  await server.stop();
});

test(`labeling memory over ${TASKS.toLocaleString('en')} tasks by keyboard`, GROUP, async () => {
  const project = (
    await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Ferries', label_config: CONFIG })
  ).id;
  await server.api(
    'POST',
    `/api/projects/${project}/import`,
    // One more than are labeled: each reading is taken with the next task's editor up, the same state.
    Array.from({ length: TASKS + 1 }, (_, index) => ({ text: textOf(index) })),
  );
  // The stream's look ahead past the last task is answered 404: nothing left.
  const { context, page, record, expectClean } = await openRecordedPage(browser, { colorScheme: 'light' }, STREAM_END);
  await page.goto(server.cli.login, { waitUntil: 'load' });
  await page.goto(`${server.cli.url}/#/projects/${project}/label`);

  const editor = labelingEditor(page);
  const positive = editor.getByRole('checkbox', { name: /Positive/ });
  const shownText = (index: number) => editor.locator('.lsf-richtext__container', { hasText: textOf(index) });
  const readings: { after: number; memory: MemoryReading }[] = [];
  const started = performance.now();
  /** The renderer's RSS as it labels, without forced collections: read after every task from the first reading on. */
  let rendererPid: number | null = null;
  const rssAsItGoes: number[] = [];
  for (let index = 0; index < TASKS; index += 1) {
    // This task's editor is up: its text shows and so does its Submit button.
    await shownText(index).waitFor({ timeout: 60_000 });
    await waitForEditor(page, 'Submit', { timeout: 60_000 });
    // Each task gets a fresh frame: the keys go to it once it has the focus.
    await page.locator(EDITOR_FRAME).focus();
    await page.keyboard.press('1');
    await expectEventually(() => positive.isChecked()).toBe(true);
    await page.keyboard.press('Control+Enter');
    if (rendererPid !== null) rssAsItGoes.push(residentBytes(rendererPid));
    if (index + 1 === FIRST_READING_AFTER || index + 1 === TASKS) {
      await shownText(index + 1).waitFor({ timeout: 60_000 });
      await waitForEditor(page, 'Submit', { timeout: 60_000 });
      readings.push({ after: index + 1, memory: await readMemory(browser, context, page) });
      rendererPid ??= await busiestRendererPid(browser);
      if (SNAPSHOTS) await writeHeapSnapshot(context, page, join(SNAPSHOTS, `after-${index + 1}.heapsnapshot`));
    }
  }
  const minutes = (performance.now() - started) / 60_000;

  const annotated = await server.api<{ num_tasks_with_annotations: number }>('GET', `/api/projects/${project}/`);
  expect(annotated.num_tasks_with_annotations).toBe(TASKS);
  expectClean(server.origin, { moreThan: TASKS });
  expect(record.errors).toEqual([]);
  printReadings(readings, minutes, rssAsItGoes);
});

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).padStart(7)} MB`;
const count = (value: number) => value.toLocaleString('en').padStart(9);

function printReadings(
  readings: { after: number; memory: MemoryReading }[],
  minutes: number,
  rssAsItGoes: readonly number[],
): void {
  const [first, last] = [readings[0]!, readings[readings.length - 1]!];
  const rows: [string, (memory: MemoryReading) => number, (value: number) => string][] = [
    ['JS heap used (page + frame, after GC)', (memory) => memory.heapUsed, mb],
    ['renderer RSS (VmRSS)', (memory) => memory.rss, mb],
    ['DOM nodes (renderer)', (memory) => memory.nodes, count],
    ['documents (renderer)', (memory) => memory.documents, count],
    ['JS event listeners (renderer)', (memory) => memory.listeners, count],
    ['elements in the app page', (memory) => memory.pageElements, count],
    ['elements in the editor frame', (memory) => memory.frameElements, count],
  ];
  const lines = rows.map(([name, read, format]) => {
    const growth = read(last.memory) - read(first.memory);
    return `${name.padEnd(40)} after ${String(first.after).padStart(4)}: ${format(read(first.memory))}   after ${String(last.after).padStart(4)}: ${format(read(last.memory))}   growth ${format(growth)}`;
  });
  console.log(
    [
      '',
      `Labeling memory: ${TASKS.toLocaleString('en')} tasks by keyboard in ${minutes.toFixed(1)} min (target: heap and RSS grow under 50 MB)`,
      ...lines,
      `renderer RSS while labeling after task ${FIRST_READING_AFTER}, no forced GC: ` +
        `median ${mb(median(rssAsItGoes)).trim()}, peak ${mb(Math.max(...rssAsItGoes)).trim()}, ` +
        `last ${mb(rssAsItGoes[rssAsItGoes.length - 1] ?? 0).trim()} (${rssAsItGoes.length} samples)`,
      '',
    ].join('\n'),
  );
}

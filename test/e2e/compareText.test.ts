import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { addPeople, createProjectWithTasks } from '../helpers/comparePeople.js';
import { dmGrid } from '../helpers/dmE2e.js';
import { join } from 'node:path';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The compare view of a text task in Chromium against `outpost serve`: three annotators answer a
 * multiple Choices, a TextArea and named-entity spans. Bo adds a choice and a span the others lack,
 * and draws the shared span one character shorter. The view must mark exactly those, say which
 * controls agree, show the pairwise agreement the quality measures give, and move the ground
 * truth with one click (saved on the server, kept over a reload, reflected on the dashboard).
 */

const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Labels name="ner" toName="text"><Label value="PER"/></Labels>' +
  '<Choices name="topic" toName="text" choice="multiple"><Choice value="sports"/><Choice value="politics"/></Choices>' +
  '<TextArea name="summary" toName="text"/></View>';
const TEXT = 'Alice met <b>Bob</b> at the stadium.';
const ME = 'annotator@outpost.local';

const result = (topics: string[], spans: Array<[number, number]>) => [
  { from_name: 'topic', to_name: 'text', type: 'choices', value: { choices: topics } },
  { from_name: 'summary', to_name: 'text', type: 'textarea', value: { text: ['a meeting'] } },
  ...spans.map(([start, end], index) => ({
    id: `s${index}`,
    from_name: 'ner',
    to_name: 'text',
    type: 'labels',
    value: { start, end, text: TEXT.slice(start, end), labels: ['PER'] },
  })),
];

describe('the compare view of a text task, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let projectId: number;
  let task: number;
  const ids: Record<'me' | 'ana' | 'bo', number> = { me: 0, ana: 0, bo: 0 };

  beforeAll(async () => {
    server = await startE2eServer('compare-text');
    const [ana, bo] = addPeople(server, [
      ['ana@example.com', 'Ana', 'Lima'],
      ['bo@example.com', '', ''],
    ]);
    const me = (await server.api<{ id: number }>('GET', '/api/current-user/whoami')).id;
    const project = await createProjectWithTasks(server, 'Compare text', CONFIG, [{ text: TEXT }]);
    projectId = project.id;
    task = project.tasks[0]!;
    const annotate = async (who: number, topics: string[], spans: Array<[number, number]>) =>
      (
        await server.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, {
          result: result(topics, spans),
          completed_by: who,
        })
      ).id;
    ids.me = await annotate(me, ['sports'], [[0, 5]]);
    ids.ana = await annotate(ana!, ['sports'], [[0, 5]]);
    ids.bo = await annotate(
      bo!,
      ['sports', 'politics'],
      [
        [0, 4],
        [13, 16],
      ],
    );
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light', reducedMotion: 'reduce' });
    page = recorded.page;
    page.setDefaultTimeout(15_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const table = () => page.getByRole('table', { name: 'Annotations side by side' });
  const row = (control: string) => table().locator(`tr[data-control="${control}"]`);
  const column = (annotation: number) => table().locator(`th[data-annotation="${annotation}"]`);
  /** Each column's items of a control: [text, marked as differing]. */
  const items = (control: string) =>
    row(control)
      .locator('td')
      .evaluateAll((cells) =>
        cells.map((cell) =>
          Array.from(cell.querySelectorAll('li'), (item) => [
            item.querySelector('.compare-item__text')?.textContent ?? '',
            item.getAttribute('data-differs') === 'true',
          ]),
        ),
      );
  const verdict = (control: string) => row(control).locator('.compare-verdict').textContent();
  const marks = (cell: Locator) =>
    cell
      .locator('mark')
      .evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute('data-differs') === 'true']));

  it('is reached from the Data Manager by clicking the task’s agreement', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.origin}/#/projects/${projectId}`, { waitUntil: 'load' });
    const grid = dmGrid(page);
    await grid.rowOf(task).waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Agreement' }).check();
    await chooser.getByRole('button', { name: 'Done' }).click();
    await grid
      .rowOf(task)
      .getByRole('link', { name: /compare the annotations of task/ })
      .click();
    await expectEventually(() => page.evaluate(() => window.location.hash)).toBe(
      `#/projects/${projectId}/compare/${task}`,
    );
    await table().waitFor();
  });

  it('shows each annotation’s values with what not everyone has marked', async () => {
    await expectEventually(() => items('topic')).toEqual([
      [['sports', false]],
      [['sports', false]],
      [
        ['sports', false],
        ['politics', true],
      ],
    ]);
    await expectEventually(() => verdict('topic')).toBe('differ');
    await expectEventually(() => items('summary')).toEqual([
      [['a meeting', false]],
      [['a meeting', false]],
      [['a meeting', false]],
    ]);
    await expectEventually(() => verdict('summary')).toBe('agree');
    // The span Bo drew a character shorter matches the others' (same group #1); his second differs.
    const groups = async () =>
      (await items('ner')).map((cell) => cell.map(([text, differs]) => [String(text).split(' ')[0], differs]));
    await expectEventually(groups).toEqual([
      [['#1', false]],
      [['#1', false]],
      [
        ['#1', false],
        ['#2', true],
      ],
    ]);
    await expectEventually(() => verdict('ner')).toBe('differ');
    // The text with each annotation's spans highlighted; the markup in it stays text.
    const cells = row('ner').locator('td');
    await expectEventually(() => marks(cells.nth(0))).toEqual([['Alice', false]]);
    await expectEventually(() => marks(cells.nth(2))).toEqual([
      ['Alic', false],
      ['Bob', true],
    ]);
    await expectEventually(() => page.locator('.compare-task').getByText(TEXT, { exact: true }).count()).toBe(1);
    await expectEventually(() => page.locator('.compare-page b').count()).toBe(0);
  });

  it('heads each column with its author and its agreement with the others', async () => {
    await expectEventually(() => column(ids.me).locator('.compare-head__name').textContent()).toBe(ME);
    // me-Ana agree fully; me-Bo and Ana-Bo: topic 1/2, summary 1, spans 2 x 0.8 / 3: 68%.
    await expectEventually(() => column(ids.me).locator('.compare-head__agreement').textContent()).toBe(
      'Agreement with others 84%',
    );
    await expectEventually(() => column(ids.ana).locator('.compare-head__pairs').textContent()).toBe(
      `vs ${ME}: 100%vs bo@example.com: 68%`,
    );
    await expectEventually(() => column(ids.bo).locator('.compare-head__agreement').textContent()).toBe(
      'Agreement with others 68%',
    );
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'compare-text.png'), fullPage: true });
  });

  const groundTruths = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(ids).map(async ([who, id]) => [
          who,
          (await server.api<{ ground_truth: boolean }>('GET', `/api/annotations/${id}/`)).ground_truth,
        ]),
      ),
    );
  const markedColumns = () =>
    table()
      .locator('th[data-annotation]')
      .evaluateAll((heads) =>
        heads.filter((head) => head.textContent?.includes('★ Ground truth')).map((head) => head.dataset.annotation),
      );
  const accuracy = async () => {
    await page.goto(`${server.origin}/#/projects/${projectId}/dashboard`, { waitUntil: 'load' });
    const figures = page.getByRole('table', { name: 'Agreement per annotator' });
    await figures.waitFor();
    return figures
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelectorAll('td')[2]?.textContent]),
      );
  };

  it('makes an annotation the ground truth in one click, and moves the mark', async () => {
    await column(ids.ana).getByRole('button', { name: 'Use as ground truth' }).click();
    await expectEventually(markedColumns).toEqual([String(ids.ana)]);
    await expectEventually(groundTruths).toEqual({ me: false, ana: true, bo: false });
    await expectEventually(accuracy).toEqual([
      [ME, '100% (1 task)'],
      ['Ana Lima', '—'],
      ['bo@example.com', '68% (1 task)'],
    ]);

    // The dashboard lists the task among those with the lowest agreement, linking back here.
    await page.getByRole('list', { name: 'Tasks with the lowest agreement' }).getByRole('link').click();
    await expectEventually(() => page.evaluate(() => window.location.hash)).toBe(
      `#/projects/${projectId}/compare/${task}`,
    );
    await column(ids.bo).getByRole('button', { name: 'Use as ground truth' }).click();
    await expectEventually(markedColumns).toEqual([String(ids.bo)]);
    await expectEventually(groundTruths).toEqual({ me: false, ana: false, bo: true });
    await page.reload({ waitUntil: 'load' });
    await expectEventually(markedColumns).toEqual([String(ids.bo)]);
    await expectEventually(accuracy).toEqual([
      [ME, '68% (1 task)'],
      ['Ana Lima', '68% (1 task)'],
      ['bo@example.com', '—'],
    ]);
    recorded.expectClean(server.origin);
  });
});

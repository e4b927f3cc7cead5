import Database from 'better-sqlite3';
import { afterAll, test } from 'vitest';
import { HEADER_HEIGHT, ROW_HEIGHT } from '../../renderer/src/features/dm/gridMetrics.js';
import { scrollTopForRow, type WindowGeometry } from '../../renderer/src/features/dm/virtualWindow.js';
import { compareMixed, GROUP, printRatios } from './benchCompare.js';
import { seedTasks } from './seedTasks.js';
import { median, percentile, startUiHarness } from './uiRenderHarness.js';

/*
 * UI render times in headless Chromium against `outpost serve` (run `npm run build` first), each
 * against a baseline measured in the same run: navigating from about:blank to a static file of
 * the same server (favicon.svg), i.e. what any page of this server costs before the app runs.
 * - the projects page: from about:blank to the project cards being visible;
 * - the labeling page: from about:blank to Label Studio's editor showing the task's text and its
 *   Submit button (the editor frame loaded, the task and project fetched, the editor built);
 * - the data manager of a 1,000,000-task project: its first render (rows with data), and jumps
 *   of the scroll position to many depths, each timed in the page from the jump to the rows on
 *   screen showing their tasks (the page fetched on demand, the rows rendered).
 * Read the ratios, not the absolute times: the machines are shared. Nothing here asserts timings.
 */

const TASKS = 1_000_000;
const JUMPS = 40;
const harness = await startUiHarness();
const { origin, page } = harness;

for (let index = 1; index <= 12; index += 1) await harness.api('POST', '/api/projects/', { title: `Project ${index}` });
const project = (
  await harness.api<{ id: number }>('POST', '/api/projects/', {
    title: 'A million tasks',
    label_config: '<View><Text name="text" value="$text"/></View>',
  })
).id;
const labeling = (
  await harness.api<{ id: number }>('POST', '/api/projects/', {
    title: 'Sentiment',
    label_config:
      '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">' +
      '<Choice value="Positive"/><Choice value="Negative"/></Choices></View>',
  })
).id;
const labelTask = (
  await harness.api<{ task_ids: number[] }>('POST', `/api/projects/${labeling}/import?return_task_ids=true`, [
    { text: 'The ferry left on time and the crew was friendly.' },
  ])
).task_ids[0]!;
const db = new Database(harness.databasePath);
const seedSeconds = seedTasks(db, project, TASKS);
db.close();

const blankUrl = `${origin}/favicon.svg`;
const projectsUrl = `${origin}/#/`;
const dataUrl = `${origin}/#/projects/${project}`;
const labelingUrl = `${origin}/#/projects/${labeling}/tasks/${labelTask}`;
const ROW_WITH_DATA = '.dm-grid__body [role="row"][data-task-id]';
/** Inside the editor's frame: its Submit button, which it shows once the task is laid out. */
const EDITOR_READY = { frame: 'iframe[title^="Labeling editor"]', selector: '.lsf-topbar button', text: 'Submit' };

// Warm the server and the browser cache once, as a user's second visit would be.
await harness.measure(projectsUrl, '.project-card');
await harness.measure(dataUrl, ROW_WITH_DATA);
await harness.measure(labelingUrl, EDITOR_READY);

const blank = await harness.sample(blankUrl, 'svg', 15);
const projects = await harness.sample(projectsUrl, '.project-card', 15);
const labelingFirst = await harness.sample(labelingUrl, EDITOR_READY, 9);
const dataFirst = await harness.sample(dataUrl, ROW_WITH_DATA, 7);

/** Jumps to `row`, in the page: from setting scrollTop to every row on screen showing its task. */
async function jumpTo(row: number, geometry: WindowGeometry): Promise<number> {
  const scrollTop = scrollTopForRow(geometry, row);
  return page.locator('[role="grid"]').evaluate(
    async (grid, { scrollTop, rowIndex, visibleRows }) => {
      const frame = grid.ownerDocument.defaultView!;
      const start = frame.performance.now();
      grid.scrollTop = scrollTop;
      const ready = () => {
        for (let at = rowIndex; at < rowIndex + visibleRows; at += 1) {
          const row = grid.querySelector(`[aria-rowindex="${at}"]`);
          if (!row || !row.hasAttribute('data-task-id')) return false;
        }
        return true;
      };
      await new Promise<void>((resolve) => {
        const check = () => (ready() ? resolve() : frame.requestAnimationFrame(check));
        frame.requestAnimationFrame(check);
      });
      return frame.performance.now() - start;
    },
    // aria-rowindex is 1-based and the header is row 1, so task row r is r + 2.
    { scrollTop, rowIndex: row + 2, visibleRows: Math.floor(geometry.viewportHeight / geometry.rowHeight) },
  );
}

await harness.measure(dataUrl, ROW_WITH_DATA);
const viewportHeight = (await page.locator('[role="grid"]').evaluate((grid) => grid.clientHeight)) - HEADER_HEIGHT;
const geometry: WindowGeometry = { rowCount: TASKS, rowHeight: ROW_HEIGHT, viewportHeight, overscan: 0 };
const jumps: number[] = [];
let seed = 12_345;
for (let jump = 0; jump < JUMPS; jump += 1) {
  // A fixed pseudo-random walk over all depths, ending at the very last rows.
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  const visible = Math.floor(viewportHeight / ROW_HEIGHT);
  const row = jump === JUMPS - 1 ? TASKS - visible : Math.floor((seed / 2_147_483_648) * (TASKS - visible));
  jumps.push(await jumpTo(row, geometry));
}
jumps.sort((a, b) => a - b);
const lastRowShown = await page.locator(`[aria-rowindex="${TASKS + 1}"][data-task-id]`).count();

const base = median(blank);
const line = (name: string, samples: number[]) =>
  `${name.padEnd(44)} median ${median(samples).toFixed(1).padStart(7)} ms   p90 ${percentile(samples, 0.9)
    .toFixed(1)
    .padStart(7)} ms   median/baseline ${(median(samples) / base).toFixed(2)}`;
console.log(
  [
    '',
    `UI render in Chromium against outpost serve (${TASKS.toLocaleString('en')} tasks seeded in ${seedSeconds.toFixed(1)} s)`,
    line('baseline: about:blank -> static file', blank),
    line('projects page: cards visible', projects),
    line('labeling page: editor ready on a text task', labelingFirst),
    line('data manager (1M tasks): first rows with data', dataFirst),
    line(`data manager (1M tasks): ${JUMPS} scroll jumps`, jumps),
    `last row reachable and shown after the final jump: ${lastRowShown === 1 ? 'yes' : 'no'}`,
    '',
  ].join('\n'),
);

afterAll(async () => {
  await harness.close();
});

const few = { iterations: 5, warmupIterations: 1, warmupTime: 0 };
let benchRow = 0;

test(`UI render (${TASKS.toLocaleString('en')}-task data manager)`, GROUP, async ({ bench }) => {
  const baseline = bench(
    'baseline: about:blank -> static file',
    async () => void (await harness.measure(blankUrl, 'svg')),
  );
  const pages = [
    bench('projects page until the cards show', async () => void (await harness.measure(projectsUrl, '.project-card'))),
    bench(
      'labeling page until the editor is ready',
      async () => void (await harness.measure(labelingUrl, EDITOR_READY)),
    ),
  ];
  const scroll = bench(
    'data manager scroll jump until the rows show data',
    // The other cases leave the page elsewhere: open the data manager first (before the warm-up and
    // before the run, as tinybench 2's `setup` did).
    { beforeAll: async () => void (await harness.measure(dataUrl, ROW_WITH_DATA)) },
    async () => {
      benchRow = (benchRow + 104_729) % (TASKS - 20);
      await jumpTo(benchRow, geometry);
    },
  );
  // The scroll jumps run 10 iterations, the page loads `few`: the jumps run alone first (their own
  // one-row table), then join the page loads' comparison (compareMixed).
  const results = await compareMixed(
    bench,
    [baseline, ...pages, [scroll, { iterations: 10, warmupIterations: 1, warmupTime: 0 }]],
    few,
  );
  printRatios(results, baseline, [...pages, scroll]);
});

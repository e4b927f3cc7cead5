import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { spawnCli } from '../helpers/spawnCli.js';
import { startLabelStudio } from '../interop/labelStudio.js';
import { GROUP, printRatios } from './benchCompare.js';
import { PAGES, runWorkload, send, taskPagePath, type Figures, type Server } from './versusWorkload.js';

/*
 * The same workload against the real Label Studio 1.22 (its own, from the interop venv that
 * `npm run bench` installs first; SQLite, as `label-studio start` runs it) and against Outpost
 * (`outpost serve`), each a separate process on 127.0.0.1 with a fresh data folder, driven over
 * HTTP with a legacy token, one server after the other:
 * - one import of 10,000 tasks with one annotation each and one of 100,000 tasks, each a single
 *   POST /api/projects/{id}/import, timed until the server answers;
 * - GET /api/tasks/?project=&page=N&page_size=100 on the 100k project at its first, middle and
 *   last page, and GET /api/projects/ (medians of 7 after one warm-up);
 * - the JSON export of the 10k project (all tasks), body read to the end.
 * Outpost's time is reported as a ratio of Label Studio's. Read the ratios, not the absolute
 * times: the machines are shared.
 */

const folder = mkdtempSync(join(tmpdir(), 'outpost-versus-'));
const labelStudio = await startLabelStudio();
const outpost = await spawnCli([
  'serve',
  '--data',
  join(folder, 'outpost'),
  '--port',
  '0',
  '--token',
  labelStudio.user.token,
]);
const servers: Server[] = [
  { name: 'Label Studio', url: labelStudio.url, token: labelStudio.user.token },
  { name: 'Outpost', url: outpost.url, token: outpost.token },
];

const results: { figures: Figures; largeProject: number }[] = [];
for (const server of servers) results.push(await runWorkload(server));
const [ls, ours] = results as [(typeof results)[0], (typeof results)[0]];

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`.padStart(10);
console.log(
  [
    '',
    `The same workload, Label Studio 1.22 against Outpost (both over HTTP on 127.0.0.1)`,
    `${'step'.padEnd(40)}${'Label Studio'.padStart(14)}${'Outpost'.padStart(12)}   Outpost/LS`,
    ...Object.keys(ls.figures).map(
      (step) =>
        `${step.padEnd(40)}${seconds(ls.figures[step]!).padStart(14)}${seconds(ours.figures[step]!).padStart(12)}   ` +
        (ours.figures[step]! / ls.figures[step]!).toFixed(3),
    ),
    '',
  ].join('\n'),
);

afterAll(async () => {
  await outpost.stop();
  await labelStudio.dispose();
  rmSync(folder, { recursive: true, force: true });
});

const reads = { iterations: 7, warmupIterations: 1, time: 0 };

// Label Studio is the baseline here: Outpost's times are read as ratios of its times.
test(`GET /api/tasks/ middle page (${PAGES.middle}) of 100k tasks`, GROUP, async ({ bench }) => {
  const labelStudioPage = bench(
    'Label Studio',
    async () => void (await send(servers[0]!, 'GET', taskPagePath(ls.largeProject, PAGES.middle))),
  );
  const outpostPage = bench(
    'Outpost',
    async () => void (await send(servers[1]!, 'GET', taskPagePath(ours.largeProject, PAGES.middle))),
  );
  printRatios(await bench.compare(labelStudioPage, outpostPage, reads), labelStudioPage, [outpostPage]);
});

test('GET /api/projects/', GROUP, async ({ bench }) => {
  const labelStudioList = bench('Label Studio', async () => void (await send(servers[0]!, 'GET', '/api/projects/')));
  const outpostList = bench('Outpost', async () => void (await send(servers[1]!, 'GET', '/api/projects/')));
  printRatios(await bench.compare(labelStudioList, outpostList, reads), labelStudioList, [outpostList]);
});

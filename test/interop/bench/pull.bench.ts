import { afterAll, inject, test } from 'vitest';
import { formatTallies, startByteCountingProxy } from '../byteCountingProxy.js';
import { labelStudioApi, startOutpost, type Json } from '../sync/syncRig.js';
import { getJsonWithoutTimeout, seedBenchProject, syncAndWait, timed } from './labelStudioPull.js';

/*
 * Pulling from the real Label Studio 1.22, every byte counted by a proxy between Outpost and it
 * (test/interop/byteCountingProxy.ts), in one run:
 * - the server's own JSON export of the project (the yardstick for the full pull's time);
 * - a full pull (first sync) of the project;
 * - a re-sync with nothing changed there;
 * - a re-sync after 100 annotations were edited there.
 * The size is OUTPOST_PULL_BENCH_TASKS (default 3,000); the project is seeded by Label Studio's own
 * import code run in process (seedTasks.ts), 100,000 tasks in about 3 minutes. `npm run
 * bench:interop` runs it with the interop rig.
 *
 * Measured on a two-core machine shared with other work (each figure the one run's; kB of 1,024):
 *   100,000 tasks: seeded 178 s; export 251 s, 99,594 kB; full pull 399 s, 151,500 kB in 1,305
 *     requests (1.59 times the export); unchanged re-sync 1.5 s, 9.8 kB in 4 requests (0.01%);
 *     after 100 edits 2.3 s, 258.5 kB in 6 requests (0.17%). With pages of 100: export 468 s,
 *     pull 756 s (1.62).
 *   10,000 tasks: export 53 s, full pull 55 s (1.04), 15,061 kB in 135 requests; unchanged
 *     re-sync 0.8 s, 9.8 kB; after 100 edits 3.2 s, 258.4 kB. Before each task was read once
 *     (list with fields=all and export for every page), in another run: export 31 s, full pull 65 s
 *     (2.09), 25,033 kB in 215 requests.
 * docs/sync.md says where the pull's time goes.
 */

const TASKS = Number(process.env.OUTPOST_PULL_BENCH_TASKS ?? 3_000);
const EDITS = 100;

const ls = inject('labelStudio');
const remote = labelStudioApi(ls);
const proxy = await startByteCountingProxy(ls.url);
const outpost = await startOutpost();

afterAll(async () => {
  await outpost.stop();
  await proxy.close();
});

test(`pull ${TASKS} tasks from the real Label Studio`, { timeout: 3 * 60 * 60_000 }, async () => {
  const seeded = await timed(() => seedBenchProject(ls, TASKS));
  const projectId = seeded.value;
  const importedAt = Date.now();
  const remoteId = await outpost.addRemote(proxy.url, ls.user.token);
  // Adding the remote caches its editor in the background: over before anything is timed.
  await proxy.quiet();
  const lines: string[] = [`seeded ${TASKS} tasks into Label Studio in ${seeded.seconds.toFixed(1)} s`];
  console.log(lines[0]);

  proxy.reset();
  const exported = await timed(() =>
    getJsonWithoutTimeout(`${proxy.url}/api/projects/${projectId}/export?exportType=JSON`, ls.user.token),
  );
  if (!Array.isArray(exported.value) || exported.value.length !== TASKS)
    throw new Error(`the export held ${String((exported.value as unknown[]).length)} tasks`);
  const exportTable = formatTallies(`server's JSON export: ${exported.seconds.toFixed(2)} s`, proxy);
  console.log(exportTable);
  lines.push(exportTable);

  // A pull looks again at what was saved in the minute before the last pull started (its
  // overlap): a project imported just now would sit wholly in that window for the first re-syncs,
  // which a project with a history does not. So the full pull starts a minute after the import.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, importedAt + 61_000 - Date.now())));

  const step = async (name: string, check: (stats: Record<string, unknown>) => void) => {
    proxy.reset();
    const { value: run, seconds } = await timed(() => syncAndWait(outpost, remoteId, [projectId]));
    if (run.status !== 'completed') throw new Error(`${name}: ${run.status} ${JSON.stringify(run.errors)}`);
    check(run.stats.pulled);
    const table = formatTallies(`${name}: ${seconds.toFixed(2)} s (${JSON.stringify(run.stats.pulled)})`, proxy);
    console.log(table);
    lines.push(table);
    await proxy.quiet();
    return { seconds, bytes: proxy.total().received + proxy.total().sent };
  };

  const full = await step('full pull', (stats) => {
    if (stats.tasks !== TASKS) throw new Error(`the full pull brought ${String(stats.tasks)} tasks`);
  });
  const unchanged = await step('unchanged re-sync', () => undefined);

  const tasks = await remote.call<{ tasks: { annotations: { id: number; result: Json[] }[] }[] }>(
    'GET',
    `/api/tasks/?project=${projectId}&fields=all&page_size=${EDITS}`,
  );
  for (const task of tasks.tasks) {
    const annotation = task.annotations[0]!;
    // The other choice, so every edit changes the annotation.
    const was = JSON.stringify(annotation.result).includes('"pos"') ? 'pos' : 'neg';
    await remote.call('PATCH', `/api/annotations/${annotation.id}/`, {
      result: [
        { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [was === 'pos' ? 'neg' : 'pos'] } },
      ],
    });
  }
  const edited = await step(`re-sync after ${EDITS} edits there`, (stats) => {
    if (stats.annotations !== EDITS) throw new Error(`the re-sync brought ${String(stats.annotations)} annotations`);
  });

  const pct = (part: number) => `${((100 * part) / full.bytes).toFixed(2)}%`;
  lines.push(
    `full pull / server export time: ${(full.seconds / exported.seconds).toFixed(2)}`,
    `unchanged re-sync bytes: ${pct(unchanged.bytes)} of the full pull's; after ${EDITS} edits: ${pct(edited.bytes)}`,
  );
  console.log(`\n${lines.join('\n\n')}\n`);
});

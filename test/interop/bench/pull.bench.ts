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
 * The size is OUTPOST_PULL_BENCH_TASKS (default 3,000). Larger sizes take long here: the bulk
 * import ran at about 100 tasks a second past 20,000, and the server's whole export grows faster
 * than the project (measured: 3,000 tasks about 12 s, 10,000 about 110 s, 20,000 past 5
 * minutes), while the pull's requests stay the same size. `npm run bench:interop` runs it with the
 * interop rig.
 */

const TASKS = Number(process.env.OUTPOST_PULL_BENCH_TASKS ?? 3_000);
/** OUTPOST_PULL_BENCH_EXPORT=skip leaves the server's whole export out, for sizes where it takes hours. */
const TIMES_EXPORT = process.env.OUTPOST_PULL_BENCH_EXPORT !== 'skip';
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

  let exportSeconds: number | null = null;
  if (TIMES_EXPORT) {
    proxy.reset();
    const exported = await timed(() =>
      getJsonWithoutTimeout(`${proxy.url}/api/projects/${projectId}/export?exportType=JSON`, ls.user.token),
    );
    if (!Array.isArray(exported.value) || exported.value.length !== TASKS)
      throw new Error(`the export held ${String((exported.value as unknown[]).length)} tasks`);
    exportSeconds = exported.seconds;
    const exportTable = formatTallies(`server's JSON export: ${exported.seconds.toFixed(2)} s`, proxy);
    console.log(exportTable);
    lines.push(exportTable);
  }

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
    exportSeconds === null
      ? 'full pull / server export time: not measured (OUTPOST_PULL_BENCH_EXPORT=skip)'
      : `full pull / server export time: ${(full.seconds / exportSeconds).toFixed(2)}`,
    `unchanged re-sync bytes: ${pct(unchanged.bytes)} of the full pull's; after ${EDITS} edits: ${pct(edited.bytes)}`,
  );
  console.log(`\n${lines.join('\n\n')}\n`);
});

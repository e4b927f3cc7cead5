import { afterAll, inject, test } from 'vitest';
import { formatTallies, startByteCountingProxy } from '../byteCountingProxy.js';
import { serveWithWorkers } from '../labelStudioWorkers.js';
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
 * Then the export and a full pull again, from the same Label Studio served as its Docker image
 * serves it (uWSGI, 4 processes), into an Outpost of its own.
 *
 * Measured on a two-core machine, one run (kB of 1,024):
 *   100,000 tasks: seeded 80 s; export 143 s, 99,594 kB; full pull 198 s, 103,641 kB in 407
 *     requests (1.38 times the export); unchanged re-sync 1.3 s, 8.5 kB in 4 requests (0.01%);
 *     after 100 edits 1.8 s, 254.5 kB in 6 requests (0.25%). Under uWSGI: export 140 s, full
 *     pull 105 s (0.75).
 *   10,000 tasks: export 14 s, full pull 19.4 s (1.41); under uWSGI 13 s and 11.6 s (0.89).
 * docs/sync.md says where the pull's time goes.
 */

const TASKS = Number(process.env.OUTPOST_PULL_BENCH_TASKS ?? 3_000);
const EDITS = 100;
/** Label Studio's Docker image runs 4 uWSGI processes (its deploy/uwsgi.ini). */
const WORKERS = 4;

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

  const deployed = await pullFromWorkers(projectId, lines);

  const pct = (part: number) => `${((100 * part) / full.bytes).toFixed(2)}%`;
  lines.push(
    `full pull / server export time: ${(full.seconds / exported.seconds).toFixed(2)}`,
    `the same with Label Studio served by uWSGI, ${WORKERS} processes: ${(deployed.pull / deployed.export).toFixed(2)}`,
    `unchanged re-sync bytes: ${pct(unchanged.bytes)} of the full pull's; after ${EDITS} edits: ${pct(edited.bytes)}`,
  );
  console.log(`\n${lines.join('\n\n')}\n`);
});

/**
 * The export and a full pull (into an Outpost of its own) again, from the same Label Studio served
 * as its Docker image serves it: uWSGI with 4 worker processes (labelStudioWorkers.ts).
 */
async function pullFromWorkers(projectId: number, lines: string[]): Promise<{ export: number; pull: number }> {
  const served = await serveWithWorkers(ls, WORKERS);
  const servedProxy = await startByteCountingProxy(served.url);
  const fresh = await startOutpost();
  try {
    const remoteId = await fresh.addRemote(servedProxy.url, ls.user.token);
    await servedProxy.quiet();
    servedProxy.reset();
    const exported = await timed(() =>
      getJsonWithoutTimeout(`${servedProxy.url}/api/projects/${projectId}/export?exportType=JSON`, ls.user.token),
    );
    if (!Array.isArray(exported.value) || exported.value.length !== TASKS)
      throw new Error(`the export through uWSGI held ${String((exported.value as unknown[]).length)} tasks`);
    const title = `uWSGI, ${WORKERS} processes`;
    lines.push(formatTallies(`${title}: server's JSON export: ${exported.seconds.toFixed(2)} s`, servedProxy));
    servedProxy.reset();
    const pulled = await timed(() => syncAndWait(fresh, remoteId, [projectId]));
    const run = pulled.value;
    if (run.status !== 'completed' || run.stats.pulled.tasks !== TASKS)
      throw new Error(`the pull through uWSGI: ${run.status} ${JSON.stringify(run.stats.pulled)}`);
    lines.push(formatTallies(`${title}: full pull: ${pulled.seconds.toFixed(2)} s`, servedProxy));
    console.log(lines.slice(-2).join('\n'));
    return { export: exported.seconds, pull: pulled.seconds };
  } finally {
    await fresh.stop();
    await servedProxy.close();
    await served.stop();
  }
}

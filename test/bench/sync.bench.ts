import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { cacheMedia } from '../../electron/core/sync/media/cacheMedia.js';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { pushOutbox } from '../../electron/core/sync/push/pushOutbox.js';
import { createRemoteClient } from '../../electron/core/sync/remoteClient.js';
import { choice, createLocalSync, startRemoteOutpost, watchedClient, type RemoteCall } from '../helpers/syncRemote.js';
import { createTestApp } from '../helpers/testApp.js';
import { GROUP, printRatios } from './benchCompare.js';
import { checkCachedMedia, rawFetchAll, seedRemoteMediaProject } from './syncBenchMedia.js';
import { seedRemoteProject } from './syncBenchRemote.js';

/*
 * Sync against a loopback remote Outpost (`outpost serve`, a separate process), each figure set
 * against the raw HTTP time of the same requests in the same run:
 * - pull of 10,000 tasks with one annotation each (pages of 100, and the id listing): every
 *   request the pull made is replayed with plain `fetch`, one at a time, reading the whole body,
 *   before and after it (the mean of the two);
 * - push of 1,000 new annotations from the outbox: against 1,000 POSTs of the same bodies with
 *   plain `fetch` (on other tasks, so each is a create too), in alternating blocks;
 * - pull of a second project, 1,000 tasks of one small distinct PNG each, with the media step
 *   (`cacheMedia`, 4 downloads at once): the pull's requests replayed plus the 1,000 image URLs
 *   fetched with plain `fetch` and the token, 4 at once, every body read; and the media step alone.
 * The local side is in-process on a database file, as the app has it. Read the ratios, not the
 * absolute times: the machines are shared.
 */

const TASKS = 10_000;
const PUSHES = 1_000;
const IMAGES = 1_000;
const MEDIA_CONCURRENCY = 4;

const remote = await startRemoteOutpost();
const seeded = await seedRemoteProject(remote, TASKS);
const media = await seedRemoteMediaProject(remote, IMAGES);
const folder = mkdtempSync(join(tmpdir(), 'outpost-sync-bench-'));
const app = await createTestApp({ databasePath: join(folder, 'local.db') });
const headers = { Authorization: `Token ${remote.token}` };

async function rawGet(call: RemoteCall): Promise<void> {
  const url = new URL(call.path, `${remote.url}/`);
  for (const [key, value] of Object.entries(call.query)) url.searchParams.append(key, String(value));
  const response = await fetch(url, { headers });
  await response.text();
}

// 1. The pull. A first pull into a scratch database, unmeasured, warms both ends (the remote's
// JIT and page cache, this process's connection pool) and records the requests a pull makes.
// They are replayed raw before and after the measured pull, and the raw time is the mean of the
// two: the remote serves the same requests faster once they are warm, which would otherwise
// favour whichever side went second.
const calls: RemoteCall[] = [];
const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => calls.push(call));
const scratch = await createLocalSync(remote, { client, app: await createTestApp() });
await pullProject(scratch.ctx, seeded.projectId);
const replay = async (recorded: readonly RemoteCall[]) => {
  const start = performance.now();
  for (const call of recorded) await rawGet(call);
  return performance.now() - start;
};
const rawPullBefore = await replay(calls.splice(0));

const { ctx } = await createLocalSync(remote, { client, app });
const pullStart = performance.now();
const pulled = await pullProject(ctx, seeded.projectId);
const pullMs = performance.now() - pullStart;
const pullCalls = calls.splice(0);
if (pulled.stats.tasks !== TASKS || pulled.stats.annotations !== TASKS) {
  throw new Error(`the pull brought ${JSON.stringify(pulled.stats)}`);
}
const rawPullMs = (rawPullBefore + (await replay(pullCalls))) / 2;

/** Plain POSTs of one new annotation to each task, as the push sends them. */
async function rawPosts(tasks: readonly number[]): Promise<void> {
  for (const [index, task] of tasks.entries()) {
    const response = await fetch(`${remote.url}/api/tasks/${task}/annotations/`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        result: choice('neg'),
        was_cancelled: false,
        ground_truth: false,
        lead_time: 1.5,
        unique_id: randomUUID(),
        import_id: index + 1,
      }),
    });
    if (response.status !== 201) throw new Error(`raw post: ${response.status} ${await response.text()}`);
    await response.text();
  }
}

// 2. The push: 1,000 annotations made through the local API (journaled), then pushed, against
// the same POSTs made raw on the next 1,000 remote tasks. In four blocks that alternate which
// goes first: the remote's speed drifts within a run (whichever went first was about 1 ms a POST
// slower, measured), and alternating cancels that out of the ratio.
const localTasks = app.db
  .prepare('SELECT task FROM remote_tasks ORDER BY remote_task_id LIMIT ?')
  .pluck()
  .all(PUSHES) as number[];
const rawTasks = seeded.taskIds.slice(PUSHES, 2 * PUSHES);
const BLOCK = PUSHES / 4;
let pushMs = 0;
let rawPushMs = 0;
let pushedAnnotations = 0;
for (let block = 0; block < 4; block += 1) {
  for (const task of localTasks.slice(block * BLOCK, (block + 1) * BLOCK)) {
    const response = await app.withToken(`/api/tasks/${task}/annotations/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result: choice('neg'), lead_time: 1.5 }),
    });
    if (response.status !== 201) throw new Error(`local annotation: ${response.status} ${await response.text()}`);
  }
  const push = async () => {
    const start = performance.now();
    pushedAnnotations += (await pushOutbox(ctx)).stats.annotations ?? 0;
    pushMs += performance.now() - start;
  };
  const raw = async () => {
    const start = performance.now();
    await rawPosts(rawTasks.slice(block * BLOCK, (block + 1) * BLOCK));
    rawPushMs += performance.now() - start;
  };
  for (const step of block % 2 === 0 ? [push, raw] : [raw, push]) await step();
}
if (pushedAnnotations !== PUSHES) throw new Error(`the push sent ${pushedAnnotations} annotations`);
const pushRequests = calls.length;
calls.splice(0);

// 3. The image project: its pull, then the media step, as a sync runs them.
const mediaPullStart = performance.now();
const mediaPulled = await pullProject(ctx, media.projectId);
const mediaPullMs = performance.now() - mediaPullStart;
const mediaPullCalls = calls.splice(0);
if (mediaPulled.stats.tasks !== IMAGES) throw new Error(`the image pull brought ${JSON.stringify(mediaPulled.stats)}`);
const cacheStart = performance.now();
const cached = await cacheMedia(ctx, [mediaPulled.projectId], { concurrency: MEDIA_CONCURRENCY });
const cacheMs = performance.now() - cacheStart;
if (cached.downloaded !== IMAGES || cached.failed !== 0 || cached.bytes !== media.bytes) {
  throw new Error(`the media step: ${JSON.stringify(cached)}, ${media.bytes} bytes served`);
}
checkCachedMedia(ctx, media);

// The same, raw: the pull's requests, then the 1,000 image URLs at the same concurrency.
const rawMediaPullStart = performance.now();
for (const call of mediaPullCalls) await rawGet(call);
const rawMediaPullMs = performance.now() - rawMediaPullStart;
const rawMediaStart = performance.now();
const rawMediaBytes = await rawFetchAll(remote, media.urls, MEDIA_CONCURRENCY);
const rawMediaMs = performance.now() - rawMediaStart;
if (rawMediaBytes !== media.bytes) throw new Error(`raw media read ${rawMediaBytes} of ${media.bytes} bytes`);

const line = (name: string, ms: number, raw: number, requests: number) =>
  `${name.padEnd(38)} sync ${(ms / 1000).toFixed(2).padStart(6)} s   raw HTTP ${(raw / 1000).toFixed(2).padStart(6)} s   ` +
  `sync/raw ${(ms / raw).toFixed(2)}   (${requests} requests)`;
console.log(
  [
    '',
    `Sync against a loopback Outpost (remote seeded with ${TASKS.toLocaleString('en')} tasks + annotations in ${seeded.seedSeconds.toFixed(1)} s)`,
    line(`pull ${TASKS.toLocaleString('en')} tasks, 1 annotation each`, pullMs, rawPullMs, pullCalls.length),
    line(`push ${PUSHES.toLocaleString('en')} new annotations`, pushMs, rawPushMs, pushRequests),
    line(
      `pull ${IMAGES.toLocaleString('en')} image tasks + media`,
      mediaPullMs + cacheMs,
      rawMediaPullMs + rawMediaMs,
      mediaPullCalls.length + IMAGES,
    ),
    line(
      `  media step: ${IMAGES.toLocaleString('en')} images, ${MEDIA_CONCURRENCY} at once`,
      cacheMs,
      rawMediaMs,
      IMAGES,
    ),
    `(images: ${(media.bytes / 1024).toFixed(0)} KiB in all, seeded in ${media.seedSeconds.toFixed(1)} s)`,
    '',
  ].join('\n'),
);

afterAll(async () => {
  app.db.close();
  await remote.stop();
  rmSync(folder, { recursive: true, force: true });
});

const pagePath = `/api/tasks/?project=${seeded.projectId}&fields=all&resolve_uri=false&page=50&page_size=100`;
const plainClient = createRemoteClient({ url: remote.url, token: remote.token });

test('one page of 100 full tasks from the remote', GROUP, async ({ bench }) => {
  const client = bench('sync client (request + JSON parse)', async () => {
    await plainClient.request('GET', pagePath);
  });
  // The baseline: registered second, so it runs second, as before.
  const baseline = bench('plain fetch (read the body)', async () => {
    await (await fetch(`${remote.url}${pagePath}`, { headers })).text();
  });
  printRatios(await bench.compare(client, baseline, { iterations: 30 }), baseline, [client]);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, test } from 'vitest';
import { createS3Client } from '../../electron/core/storages/clients/s3Client.js';
import type { StorageConfig } from '../../electron/core/storages/storageClient.js';
import { makePng } from '../helpers/labelingMedia.js';
import { peakRss } from '../helpers/peakRss.js';
import { createTestApp } from '../helpers/testApp.js';
import { MOTO_KEYS, startMotoServer } from '../interop/storages/motoServer.js';
import { GROUP, printRatios } from './benchCompare.js';

/*
 * An S3 import sync of 10,000 objects from a loopback moto server (the interop suite's S3), through
 * the API in process, on a database file, against the raw time to do what it must do with the same
 * client in the same run:
 * - JSON task files (one small task each): the sync lists, reads each object, stages its task and
 *   commits them all; raw, the same client lists and reads every object, one after another as the
 *   sync does, and nothing more;
 * - blob URLs (one small PNG each): the sync lists and makes one task per object; raw, the listing.
 * Peak RSS growth is sampled during the sync (garbage not yet collected included).
 * Read the ratios, not the absolute times: moto answers every request in Python, and the machines
 * are shared.
 */

const OBJECTS = 10_000;
const SEED_CONCURRENCY = 16;
const TEXT_CONFIG = '<View><Text name="text" value="$text"/></View>';
const IMAGE_CONFIG = '<View><Image name="image" value="$image"/></View>';

const moto = await startMotoServer();
const folder = mkdtempSync(join(tmpdir(), 'outpost-storage-bench-'));
const app = await createTestApp({ databasePath: join(folder, 'bench.db') });

async function seed(bucket: string, keyOf: (index: number) => string, body: (index: number) => string | Buffer) {
  await moto.createBucket(bucket);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < OBJECTS; index = next++) await moto.put(bucket, keyOf(index), body(index));
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

const seedStart = performance.now();
const filler = 'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4);
await seed(
  'bench-json',
  (i) => `tasks/${String(i).padStart(5, '0')}.json`,
  (i) => JSON.stringify({ text: `${i} ${filler}` }),
);
const png = makePng(4, 4);
await seed(
  'bench-blob',
  (i) => `images/${String(i).padStart(5, '0')}.png`,
  () => png,
);
const seedSeconds = (performance.now() - seedStart) / 1000;

const fields = (bucket: string, prefix: string) => ({ bucket, prefix, s3_endpoint: moto.url, ...MOTO_KEYS });
const config = (bucket: string, prefix: string): StorageConfig => ({
  type: 's3',
  direction: 'import',
  fields: fields(bucket, prefix),
  regexFilter: null,
  recursive: false,
});

async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body) };
  if (body !== undefined) init.headers = { 'Content-Type': 'application/json' };
  const response = await app.withToken(path, init);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** One import sync through the API, into a new project: its time, tasks made and peak memory growth. */
async function timedSync(labelConfig: string, storage: Record<string, unknown>) {
  const project = (await api('POST', '/api/projects/', { label_config: labelConfig })).id as number;
  const created = (await api('POST', '/api/storages/s3', { project, ...storage })).id as number;
  let synced: Record<string, unknown> = {};
  let ms = 0;
  const memory = await peakRss(async () => {
    const start = performance.now();
    synced = await api('POST', `/api/storages/s3/${created}/sync`);
    ms = performance.now() - start;
  });
  if (synced.status !== 'completed' || synced.last_sync_count !== OBJECTS) {
    throw new Error(`the sync: ${JSON.stringify(synced)}`);
  }
  return { ms, growth: memory.peak - memory.before };
}

/** The same client listing (and, for task files, reading) every object, one after another. */
async function rawPass(settings: StorageConfig, read: boolean): Promise<number> {
  const client = createS3Client(settings);
  const start = performance.now();
  let count = 0;
  for await (const object of client.list()) {
    if (read) await client.read(object.key, 1024 * 1024);
    count += 1;
  }
  const ms = performance.now() - start;
  await client.close();
  if (count !== OBJECTS) throw new Error(`raw pass saw ${count} objects`);
  return ms;
}

// Warm both ends (moto's first requests, this process's SDK and connections).
await rawPass(config('bench-blob', 'images'), false);

// Each raw pass runs before and after its sync, and counts as the mean of the two (moto's pace drifts).
const rawJsonBefore = await rawPass(config('bench-json', 'tasks'), true);
const json = await timedSync(TEXT_CONFIG, fields('bench-json', 'tasks'));
const rawJsonMs = (rawJsonBefore + (await rawPass(config('bench-json', 'tasks'), true))) / 2;
const rawBlobBefore = await rawPass(config('bench-blob', 'images'), false);
const blob = await timedSync(IMAGE_CONFIG, { ...fields('bench-blob', 'images'), use_blob_urls: true });
const rawBlobMs = (rawBlobBefore + (await rawPass(config('bench-blob', 'images'), false))) / 2;

const perSecond = (ms: number) => Math.round((OBJECTS / ms) * 1000).toLocaleString('en');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const line = (name: string, sync: { ms: number; growth: number }, raw: number, rawWhat: string) =>
  `${name.padEnd(30)} sync ${(sync.ms / 1000).toFixed(2).padStart(6)} s (${perSecond(sync.ms)} tasks/s, peak RSS +${mb(
    sync.growth,
  )})   ${rawWhat} ${(raw / 1000).toFixed(2).padStart(6)} s (${perSecond(raw)} objects/s)   sync/raw ${(
    sync.ms / raw
  ).toFixed(2)}`;
console.log(
  [
    '',
    `S3 import sync of ${OBJECTS.toLocaleString('en')} objects from moto (seeded in ${seedSeconds.toFixed(1)} s)`,
    line('JSON task files (1 task each)', json, rawJsonMs, 'raw list+read'),
    line('blob URLs (PNG objects)', blob, rawBlobMs, 'raw list     '),
    '',
  ].join('\n'),
);

afterAll(async () => {
  app.db.close();
  await moto.stop();
  rmSync(folder, { recursive: true, force: true });
});

test(`listing ${OBJECTS.toLocaleString('en')} keys (10 pages of 1,000)`, GROUP, async ({ bench }) => {
  const client = bench('the S3 client (filters, DRF dates)', async () => {
    await rawPass(config('bench-blob', 'images'), false);
  });
  // The baseline: registered second, so it runs second, as before.
  const baseline = bench('raw SDK ListObjectsV2 pages', async () => {
    let token: string | undefined;
    do {
      const page = await moto.admin.send(
        new ListObjectsV2Command({
          Bucket: 'bench-blob',
          Prefix: 'images/',
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  });
  printRatios(await bench.compare(client, baseline, { iterations: 3, warmupIterations: 0, time: 0 }), baseline, [
    client,
  ]);
});

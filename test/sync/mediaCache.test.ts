import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteMediaDir } from '../../electron/core/domain/tasks/cachedMedia.js';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import type { FetchLike } from '../../electron/core/sync/remoteClient.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import { importFile } from '../helpers/labelingMedia.js';
import { startRemoteOutpost, type RemoteOutpost, syncDepsOf } from '../helpers/syncRemote.js';
import { waitUntil } from '../helpers/eventually.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * The media step against a real second Outpost: images uploaded to the remote and a plain URL on
 * a tiny local web server are downloaded after the pull, served locally at /data/remote/..., and
 * the task data keeps the remote's references (resolve_uri=false, exports). A body cut halfway
 * resumes with a Range; a 404 is one listed error and the rest goes on.
 */

const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="a"/></Choices></View>';

/**
 * A web server for media that are not the remote's: one whole file, and one cut on its first
 * request. The cut comes once `halfArrived` resolves: dropped as soon as its bytes left, the
 * connection could end before the client read them (a stream that errors discards what it still
 * holds), and on a loaded machine the client would keep nothing to resume from.
 */
function startWebServer(whole: Buffer, cut: Buffer, halfArrived: () => Promise<unknown>) {
  const requests: { path: string; range: string | undefined }[] = [];
  let cutServed = false;
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push({ path: req.url ?? '', range: req.headers.range });
    if (req.url === '/pictures/plain.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': whole.length }).end(whole);
    } else if (req.url === '/pictures/cut.bin') {
      const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (!cutServed) {
        // First request: announce the whole file, send half, then drop the connection.
        cutServed = true;
        res.writeHead(200, { 'Content-Length': cut.length, 'Accept-Ranges': 'bytes' });
        res.write(cut.subarray(0, cut.length / 2), () => {
          void halfArrived().finally(() => res.socket?.destroy());
        });
      } else if (match) {
        const start = Number(match[1]);
        res.writeHead(206, {
          'Content-Length': cut.length - start,
          'Content-Range': `bytes ${start}-${cut.length - 1}/${cut.length}`,
        });
        res.end(cut.subarray(start));
      } else {
        res.writeHead(200, { 'Content-Length': cut.length }).end(cut);
      }
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise<{ url: string; requests: typeof requests; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

describe('the media cache', () => {
  let remote: RemoteOutpost;
  let web: Awaited<ReturnType<typeof startWebServer>>;
  let t: TestApp;
  let deps: SyncDeps;
  let remoteId: number;
  let remoteProject: number;
  const remoteCalls: string[] = [];
  const red = randomBytes(3000);
  const blue = randomBytes(5000);
  const plain = randomBytes(4000);
  const cut = randomBytes(200_000);

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    // The half sent is on disk in a partial file before the connection drops.
    const halfOnDisk = () =>
      waitUntil(() => {
        const dir = remoteMediaDir(t.deps.dataDir, remoteId);
        if (!existsSync(dir)) return false;
        return readdirSync(dir).some(
          (name) => name.endsWith('.part') && statSync(join(dir, name)).size === cut.length / 2,
        );
      }, 'the first half of the cut download in a partial file');
    web = await startWebServer(plain, cut, halfOnDisk);
    const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
      title: 'Pictures',
      label_config: IMAGE_CONFIG,
    });
    remoteProject = project.id;
    await importFile(remote.url, remote.token, remoteProject, 'red.png', red);
    await importFile(remote.url, remote.token, remoteProject, 'blue.png', blue);
    await remote.api('POST', `/api/projects/${remoteProject}/import`, [
      { image: `${web.url}/pictures/plain.png` },
      { image: `${web.url}/pictures/cut.bin` },
      { image: `/data/upload/${remoteProject}/deadbeef-missing.png` },
      { image: 's3://bucket/photos/cat.png' },
    ]);

    t = await createTestApp();
    // The client's traffic is watched to see which files are fetched again.
    const watching: FetchLike = (input, init) => {
      remoteCalls.push(new URL(input).pathname);
      return fetch(input, init);
    };
    deps = {
      ...syncDepsOf(t),
      fetch: watching,
    };
    ({ id: remoteId } = await addRemote(deps, { url: remote.url, token: remote.token }));
  });

  afterAll(async () => {
    await remote?.stop();
    await web?.close();
  });

  const localProject = () => t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
  const cacheRows = () =>
    Object.fromEntries(
      (
        t.db.prepare('SELECT url, status, path, size, error FROM media_cache ORDER BY url').all() as {
          url: string;
          status: string;
          path: string | null;
          size: number | null;
          error: string | null;
        }[]
      ).map((row) => [row.url, row]),
    );
  const localTasks = async (query = '') => {
    const response = await t.withToken(`/api/tasks/?project=${localProject()}&fields=all${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { tasks: { id: number; data: { image: string } }[] }).tasks;
  };
  /** The remote's references to the uploaded images: [blue, red]. */
  const uploads = async () => {
    const { tasks } = await remote.api<{ tasks: { data: { image: string } }[] }>(
      'GET',
      `/api/tasks/?project=${remoteProject}`,
    );
    const named = (name: string) => tasks.map((task) => task.data.image).find((image) => image.endsWith(name));
    return [named('-blue.png'), named('-red.png')];
  };

  it('downloads the media after the pull and lists what could not be fetched', async () => {
    const result = await runSync(deps, remoteId, { projects: [remoteProject] });
    expect(result.summary.pulled).toMatchObject({ projects: 1, tasks: 6, media: 3 });
    // The missing upload (404), the storage URI (no resolve endpoint on an Outpost) and the cut body.
    expect(result.summary.errors.map((error) => [error.phase, error.item])).toEqual(
      expect.arrayContaining([
        ['media', `media /data/upload/${remoteProject}/deadbeef-missing.png`],
        ['media', 'media s3://bucket/photos/cat.png'],
        ['media', `media ${web.url}/pictures/cut.bin`],
      ]),
    );
    expect(result.summary.errors).toHaveLength(3);
    // Every step ran: the files are listed and fetched again next time, and the run completed.
    expect(result.status).toBe('completed');

    const rows = cacheRows();
    const [blueUrl, redUrl] = await uploads();
    const dir = remoteMediaDir(t.deps.dataDir, remoteId);
    for (const [url, bytes] of [
      [redUrl!, red],
      [blueUrl!, blue],
      [`${web.url}/pictures/plain.png`, plain],
    ] as const) {
      expect(rows[url]).toMatchObject({ status: 'done', size: bytes.length, error: null });
      expect(readFileSync(join(dir, rows[url]!.path!)).equals(bytes)).toBe(true);
    }
    expect(rows[`/data/upload/${remoteProject}/deadbeef-missing.png`]).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('404'),
    });
    expect(rows['s3://bucket/photos/cat.png']).toMatchObject({ status: 'failed' });
    const cutRow = rows[`${web.url}/pictures/cut.bin`]!;
    expect(cutRow.status).toBe('failed');
    // What arrived of the cut body waits in a partial file; the file itself does not exist yet.
    expect(existsSync(join(dir, cutRow.path!))).toBe(false);
    const partial = statSync(join(dir, `${cutRow.path!}.part`)).size;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(cut.length);
  });

  it('serves the cached copies locally when resolving URIs, and the originals otherwise', async () => {
    const [blueUrl, redUrl] = await uploads();
    const tasks = await localTasks();
    const red_ = tasks.find((task) => task.data.image.endsWith('red.png'))!;
    const plainTask = tasks.find((task) => task.data.image.endsWith('plain.png'))!;
    const missing = tasks.find((task) => task.data.image.endsWith('missing.png'))!;
    expect(red_.data.image).toMatch(new RegExp(`^/data/remote/${remoteId}/[0-9a-f]{16}-[0-9a-f]{8}-red\\.png$`));
    expect(plainTask.data.image).toMatch(new RegExp(`^/data/remote/${remoteId}/`));
    // Not cached: left as the remote's reference.
    expect(missing.data.image).toBe(`/data/upload/${remoteProject}/deadbeef-missing.png`);

    // The single task (what the labeling page loads) too; resolve_uri=false gives the original.
    const single = (await (await t.withToken(`/api/tasks/${red_.id}/`)).json()) as { data: { image: string } };
    expect(single.data.image).toBe(red_.data.image);
    const original = (await (await t.withToken(`/api/tasks/${red_.id}/?resolve_uri=false`)).json()) as {
      data: { image: string };
    };
    expect(original.data.image).toBe(redUrl);
    const listed = await localTasks('&resolve_uri=false');
    expect(listed.map((task) => task.data.image).sort()).toEqual(
      [
        redUrl,
        blueUrl,
        `${web.url}/pictures/plain.png`,
        `${web.url}/pictures/cut.bin`,
        `/data/upload/${remoteProject}/deadbeef-missing.png`,
        's3://bucket/photos/cat.png',
      ].sort(),
    );
    const exported = (await (
      await t.withToken(`/api/projects/${localProject()}/export?exportType=JSON&download_all_tasks=true`)
    ).json()) as { data: { image: string } }[];
    expect(exported.map((task) => task.data.image).sort()).toEqual(listed.map((task) => task.data.image).sort());

    // The local URL serves the bytes with the local token, ranges included, and nothing without it.
    const whole = await t.withToken(red_.data.image);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(red)).toBe(true);
    const part = await t.withToken(red_.data.image, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(red.subarray(10, 20))).toBe(true);
    expect((await t.request(red_.data.image)).status).toBe(401);
    // Names of unfinished downloads are not served.
    const cutPath = cacheRows()[`${web.url}/pictures/cut.bin`]!.path!;
    expect((await t.withToken(`/data/remote/${remoteId}/${cutPath}.part`)).status).toBe(404);
    expect((await t.withToken(`/data/remote/${remoteId}/${cutPath}`)).status).toBe(404);
  });

  it('resumes the cut download with a Range, fetches nothing twice, and retries the failures', async () => {
    const cutPath = cacheRows()[`${web.url}/pictures/cut.bin`]!.path!;
    const partial = statSync(join(remoteMediaDir(t.deps.dataDir, remoteId), `${cutPath}.part`)).size;
    web.requests.length = 0;
    remoteCalls.length = 0;

    const second = await runSync(deps, remoteId);
    expect(second.summary.pulled.media).toBe(1);
    expect(web.requests).toEqual([{ path: '/pictures/cut.bin', range: `bytes=${partial}-` }]);
    // The failures were tried again (and failed again); the downloaded uploads were not fetched.
    expect(remoteCalls.filter((path) => path.startsWith('/data/upload/'))).toEqual([
      `/data/upload/${remoteProject}/deadbeef-missing.png`,
    ]);
    expect(second.summary.errors.map((error) => error.item).sort()).toEqual(
      [`media /data/upload/${remoteProject}/deadbeef-missing.png`, 'media s3://bucket/photos/cat.png'].sort(),
    );
    const row = cacheRows()[`${web.url}/pictures/cut.bin`]!;
    expect(row).toMatchObject({ status: 'done', size: cut.length, error: null });
    expect(readFileSync(join(remoteMediaDir(t.deps.dataDir, remoteId), row.path!)).equals(cut)).toBe(true);

    web.requests.length = 0;
    const third = await runSync(deps, remoteId);
    expect(third.summary.pulled.media).toBe(0);
    expect(web.requests).toEqual([]);
  });

  it('still serves the cached media when the remote is gone', async () => {
    await remote.stop();
    const tasks = await localTasks();
    const cached = tasks.filter((task) => task.data.image.startsWith('/data/remote/'));
    expect(cached).toHaveLength(4);
    const blueTask = cached.find((task) => task.data.image.endsWith('blue.png'))!;
    const response = await t.withToken(blueTask.data.image);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(blue)).toBe(true);
  });
});

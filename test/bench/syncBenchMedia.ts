import { randomUUID } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../electron/core/db/open.js';
import { findMediaCacheRow } from '../../electron/core/db/repos/mediaCacheRepo.js';
import { refreshProjectTaskCounters } from '../../electron/core/db/repos/taskCountersRepo.js';
import { remoteMediaDir } from '../../electron/core/domain/tasks/cachedMedia.js';
import type { SyncContext } from '../../electron/core/sync/syncTypes.js';
import { makePng } from '../helpers/labelingMedia.js';
import type { RemoteOutpost } from '../helpers/syncRemote.js';
import { seedTasks } from './seedTasks.js';

/*
 * The sync bench's media: a second remote project whose `count` tasks each show one distinct small
 * PNG, written straight into the remote's uploads folder as an import stores them
 * (`<data>/media/upload/<project>/<8 hex>-<name>`, with the `file_uploads` row the server looks
 * the name up in), so `/data/upload/<project>/<file>` serves it with the token.
 */

const NOW = '2026-01-15T10:00:00.000000Z';
const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

export interface SeededMedia {
  projectId: number;
  /** The task data's references, `/data/upload/<project>/<file>`, in task order. */
  urls: string[];
  /** Each reference's file size in bytes. */
  sizes: Map<string, number>;
  bytes: number;
  seedSeconds: number;
}

export async function seedRemoteMediaProject(remote: RemoteOutpost, count: number): Promise<SeededMedia> {
  const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
    title: 'Sync bench media',
    label_config: IMAGE_CONFIG,
  });
  const me = await remote.api<{ id: number }>('GET', '/api/current-user/whoami');
  const start = performance.now();
  const folder = join(remote.dataDir, 'media', 'upload', String(project.id));
  mkdirSync(folder, { recursive: true });
  const urls: string[] = [];
  const sizes = new Map<string, number>();
  const stored: { file: string; size: number }[] = [];
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    // 50 widths x 20 heights: every image differs in size and content.
    const png = makePng(16 + (index % 50), 16 + Math.floor(index / 50));
    const name = `${randomUUID().slice(0, 8)}-image_${index + 1}.png`;
    writeFileSync(join(folder, name), png);
    const url = `/data/upload/${project.id}/${name}`;
    urls.push(url);
    sizes.set(url, png.length);
    stored.push({ file: `upload/${project.id}/${name}`, size: png.length });
    bytes += png.length;
  }
  const db = openDatabase(join(remote.dataDir, 'outpost.db'));
  try {
    db.pragma('synchronous = OFF');
    db.transaction(() => {
      const insert = db.prepare(
        'INSERT INTO file_uploads (project, user, file, size, created_at) VALUES (?, ?, ?, ?, ?)',
      );
      for (const row of stored) insert.run(project.id, me.id, row.file, row.size, NOW);
    })();
    db.pragma('synchronous = FULL');
    seedTasks(db, project.id, count, (index) => JSON.stringify({ image: urls[index - 1] }));
    db.transaction(() => refreshProjectTaskCounters(db, project.id))();
  } finally {
    db.close();
  }
  return { projectId: project.id, urls, sizes, bytes, seedSeconds: (performance.now() - start) / 1000 };
}

/** Plain `fetch` of every URL with the remote's token, `concurrency` at a time, reading each body. */
export async function rawFetchAll(remote: RemoteOutpost, urls: readonly string[], concurrency: number) {
  const headers = { Authorization: `Token ${remote.token}` };
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < urls.length) {
      const response = await fetch(`${remote.url}${urls[next++]!}`, { headers });
      if (!response.ok) throw new Error(`raw media: ${response.status} ${response.url}`);
      const body = await response.arrayBuffer(); // read before adding: `bytes +=` over an await loses sums
      bytes += body.byteLength;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return bytes;
}

/** Throws unless every reference has a done cache row whose file is there with the remote's size. */
export function checkCachedMedia(ctx: SyncContext, seeded: SeededMedia): void {
  const dir = remoteMediaDir(ctx.dataDir, ctx.remoteId);
  for (const url of seeded.urls) {
    const row = findMediaCacheRow(ctx.db, ctx.remoteId, url);
    if (row?.status !== 'done' || row.path === null) throw new Error(`media not cached: ${url} ${JSON.stringify(row)}`);
    const size = statSync(join(dir, row.path)).size;
    if (size !== seeded.sizes.get(url) || row.size !== size) {
      throw new Error(`cached ${url}: ${size} bytes on disk, ${row.size} recorded, ${seeded.sizes.get(url)} served`);
    }
  }
}

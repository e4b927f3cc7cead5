import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findMediaCacheRow } from '../../db/repos/mediaCacheRepo.js';
import { findCopyFile, markCopyFileSent, setCopyFileTarget } from '../../db/repos/serverCopiesRepo.js';
import { forEachDataString, mapDataStrings, remoteMediaDir } from '../../domain/tasks/cachedMedia.js';
import type { CopyRun } from './copyRun.js';

/*
 * Files the source served as uploads (`/data/upload/...`) go to the target as uploads of the new
 * project, read from the mirror's media cache. Each is uploaded under a name that carries the
 * source's own random prefix, so the target's URL (`upload/<project>/<its prefix>-<that name>`)
 * ends with it: an upload whose answer was lost is found in the project's upload list rather than
 * sent again. Other references (web URLs, storage URIs, local files) stay as they are.
 */

const SOURCE_UPLOAD = /^\/data\/upload\/\d+\/[^/?#]+$/;

/** The name a source file is uploaded under: its last segment, made safe for every server's file naming. */
export function uploadNameOf(sourceUrl: string): string {
  let name = sourceUrl.split('/').pop()!;
  try {
    name = decodeURIComponent(name);
  } catch {
    // A broken escape: the raw text is as good a name as any.
  }
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_') || 'file';
  // Label Studio stores `upload/<project>/<8 hex>-<name>` in a 100-character column: a long name
  // keeps its head (the source's prefix, which makes it unique) and its tail (the extension).
  return safe.length > 60 ? `${safe.slice(0, 9)}${safe.slice(-51)}` : safe;
}

async function findUploaded(run: CopyRun, targetProject: number, name: string): Promise<string | null> {
  const records = await run.client.request<{ id: number; file: string }[]>(
    'GET',
    `/api/projects/${targetProject}/file-uploads`,
    { query: { all: true } },
  );
  const found = records.find((record) => record.file.endsWith(`-${name}`));
  return found ? `/data/${found.file}` : null;
}

async function upload(run: CopyRun, targetProject: number, sourceUrl: string): Promise<string | null> {
  const done = findCopyFile(run.db, run.copy.id, sourceUrl);
  if (done?.target_url) return done.target_url;
  const cached = findMediaCacheRow(run.db, run.sourceRemote, sourceUrl);
  if (cached?.status !== 'done' || !cached.path) {
    run.progress.error(sourceUrl, 'the file is not in the media cache (sync the source first); its URL is kept');
    return null;
  }
  const bytes = await readFile(join(remoteMediaDir(run.dataDir, run.sourceRemote), cached.path));
  const name = uploadNameOf(sourceUrl);
  let mayHaveLanded = done?.sent === 1;
  const url = await run.retry(async () => {
    if (mayHaveLanded) {
      const found = await findUploaded(run, targetProject, name);
      if (found !== null) return found;
    }
    if (!mayHaveLanded) run.db.transaction(() => markCopyFileSent(run.db, run.copy.id, sourceUrl, name))();
    mayHaveLanded = true;
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const answer = await run.client.request<{ file_upload_ids?: number[] }>(
      'POST',
      `/api/projects/${targetProject}/import`,
      { query: { commit_to_project: false }, body: form },
    );
    const id = answer.file_upload_ids?.[0];
    if (id === undefined) throw new Error(`the target kept no upload of ${name}`);
    const records = await run.client.request<{ id: number; file: string }[]>(
      'GET',
      `/api/projects/${targetProject}/file-uploads`,
      { query: { ids: JSON.stringify([id]) } },
    );
    const file = records.find((record) => record.id === id)?.file;
    if (!file) throw new Error(`the target does not list upload ${id}`);
    return `/data/${file}`;
  });
  run.db.transaction(() => setCopyFileTarget(run.db, run.copy.id, sourceUrl, url))();
  return url;
}

/** The task data with each source upload replaced by the target's copy of the file. */
export async function copyTaskFiles(run: CopyRun, targetProject: number, data: unknown): Promise<unknown> {
  const sources = new Set<string>();
  forEachDataString(data, (value) => {
    if (SOURCE_UPLOAD.test(value)) sources.add(value);
  });
  const replaced = new Map<string, string>();
  for (const source of sources) {
    const target = await upload(run, targetProject, source);
    if (target !== null) replaced.set(source, target);
  }
  mapDataStrings(data, (value) => replaced.get(value) ?? value);
  return data;
}

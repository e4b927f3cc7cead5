import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { PushRun } from './pushRun.js';

/*
 * Media a locally created task points at: files uploaded to this Outpost, referenced in task data
 * as `/data/upload/<project>/<8 hex>-<name>` and stored under the data folder's media/upload
 * (core's dataPaths; sync may not import it). The remote must serve its own copy, so each file
 * is uploaded there first and the task data posted with the remote's URL.
 */

const LOCAL_UPLOAD = /^\/data\/upload\/(\d+)\/([^/?#]+)$/;

/** Where a `/data/upload/...` URL's file lives here, or null if it is not one (or escapes). */
export function localUploadPath(dataDir: string, url: string): string | null {
  const match = LOCAL_UPLOAD.exec(url);
  if (!match) return null;
  const root = resolve(join(dataDir, 'media', 'upload'));
  let name: string;
  try {
    name = decodeURIComponent(match[2]!);
  } catch {
    return null; // task data is untrusted: a broken escape names no file of ours
  }
  const path = resolve(root, match[1]!, name);
  return path.startsWith(root + sep) ? path : null;
}

/**
 * Uploads one file without creating a task (`commit_to_project=false`) and returns the URL the
 * remote serves it at, read back from the upload's record (`upload/<project>/<prefix>-<name>`).
 */
async function uploadFile(run: PushRun, remoteProjectId: number, path: string, url: string): Promise<string> {
  const bytes = await readFile(path);
  // The local name's own 8-hex prefix is dropped: the remote adds its own.
  const name = decodeURIComponent(url.split('/').pop()!).replace(/^[0-9a-f]{8}-/, '');
  const { client } = run.ctx;
  const uploaded = await run.retry(() => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return client.request<{ file_upload_ids?: number[] }>('POST', `/api/projects/${remoteProjectId}/import`, {
      query: { commit_to_project: false },
      body: form,
    });
  });
  const id = uploaded.file_upload_ids?.[0];
  if (id === undefined) throw new Error(`the remote kept no upload of ${name}`);
  const records = await run.retry(() =>
    client.request<{ id: number; file: string }[]>('GET', `/api/projects/${remoteProjectId}/file-uploads`, {
      query: { ids: JSON.stringify([id]) },
    }),
  );
  const file = records.find((record) => record.id === id)?.file;
  if (!file) throw new Error(`the remote does not list upload ${id}`);
  return `/data/${file}`;
}

/**
 * The task data with each top-level `/data/upload/...` value replaced by the remote's copy. A
 * file missing here is reported and its URL left as is: the task's other data still goes.
 */
export async function uploadTaskMedia(
  run: PushRun,
  remoteProjectId: number,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { ...data };
  const uploaded = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') continue;
    const path = localUploadPath(run.ctx.dataDir, value);
    if (path === null) continue;
    let remoteUrl = uploaded.get(value);
    if (remoteUrl === undefined) {
      try {
        remoteUrl = await uploadFile(run, remoteProjectId, path, value);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        run.ctx.progress.error(value, 'the media file is missing here; the task keeps its local URL');
        continue;
      }
      uploaded.set(value, remoteUrl);
    }
    result[key] = remoteUrl;
  }
  return result;
}

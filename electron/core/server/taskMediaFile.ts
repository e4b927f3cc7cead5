import type { Context } from 'hono';
import { findUploadedFile } from '../domain/imports/findUploadedFile.js';
import { findLocalFile } from '../storages/localFileServing.js';
import type { AppEnv } from './appEnv.js';
import { storageDeps } from './routes/storages.js';

/*
 * The file on disk behind a task's media URL, found with the same rules this server applies when
 * it serves that URL (`/data/upload/...` only for recorded uploads, `/data/local-files/?d=...`
 * only inside a local-files storage while serving is on), so code running inside the server
 * reads exactly what a client may fetch. A URL naming this server by its address counts too.
 */

const UPLOAD = /^\/data\/upload\/(\d+)\/([^/]+)$/u;

export function taskMediaFileOf(c: Context<AppEnv>): (url: string) => string | null {
  const origin = new URL(c.req.url).origin;
  return (raw) => {
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      return null;
    }
    if (url.origin !== origin) return null;
    const upload = UPLOAD.exec(url.pathname);
    if (upload) {
      try {
        return findUploadedFile(c.get('deps'), upload[1]!, decodeURIComponent(upload[2]!))?.path ?? null;
      } catch {
        return null; // a malformed escape
      }
    }
    if (url.pathname === '/data/local-files' || url.pathname === '/data/local-files/') {
      const found = findLocalFile(storageDeps(c), url.searchParams.get('d') ?? undefined);
      return found.kind === 'file' ? found.path : null;
    }
    return null;
  };
}

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { findDoneMediaPaths } from '../../db/repos/mediaCacheRepo.js';
import { findMirrorProject } from '../../db/repos/syncMirrorRepo.js';
import { uploadPath } from '../imports/storeUpload.js';
import { remoteMediaDir } from '../tasks/cachedMedia.js';
import type { ExportDomainContext } from './exportProjectContext.js';

/*
 * Which file on disk an export reads for a task's media URL (image sizes, `images/` in the
 * formats that include them). Uploads made here live under the uploads folder. A project pulled
 * from a remote keeps the remote's own references in its data (so exports name what the server
 * names), and the sync cached those files under <data>/media/remote/<remote>/: for such a
 * project a reference the cache holds is read from there, as the server reads its own copy.
 */

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/** Uploads (`/data/upload/<project>/<file>`, or `upload/...` as the converter also takes them). */
export function uploadResolver(uploadsDir: string): (url: string) => string | null {
  return (url) => {
    const match = /^(?:\/data\/)?upload\/(.+)$/u.exec(url.split(/[?#]/u)[0] ?? '');
    if (!match) return null;
    try {
      const path = uploadPath(uploadsDir, `upload/${decodeURIComponent(match[1]!)}`);
      return isFile(path) ? path : null;
    } catch {
      return null; // a malformed escape, or a path that would leave the uploads folder
    }
  };
}

/** The resolver of one project's exports: its remote's media cache first when it is a mirror. */
export function mediaResolver(ctx: ExportDomainContext, projectId: number): (url: string) => string | null {
  const uploads = uploadResolver(ctx.uploadsDir);
  const remote = ctx.dataDir === undefined ? undefined : findMirrorProject(ctx.db, projectId)?.remote;
  if (remote === undefined || ctx.dataDir === undefined) return uploads;
  const cacheDir = remoteMediaDir(ctx.dataDir, remote);
  return (url) => {
    const cached = findDoneMediaPaths(ctx.db, remote, [url]).get(url);
    if (cached !== undefined) {
      const path = join(cacheDir, cached);
      if (isFile(path)) return path;
    }
    return uploads(url);
  };
}

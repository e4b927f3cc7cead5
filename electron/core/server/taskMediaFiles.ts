import type { Context } from 'hono';
import { mediaResolver } from '../domain/export/exportMedia.js';
import { findCachedMediaFile } from '../domain/tasks/cachedMedia.js';
import { findLocalFile } from '../storages/localFileServing.js';
import type { AppEnv } from './appEnv.js';
import { storageDeps } from './routes/storages.js';

/*
 * Which file on this machine a task's media URL names, for code that reads media in process (the
 * built-in model's detector): the same files this server would serve for the URL, with the same
 * rules. Uploads and a mirror's cached media as exports read them; local-files storages only
 * where `/data/local-files/` would serve them. The editor hands over a mirrored task with its
 * references resolved (`/data/remote/<remote>/<name>`, the cached copy's own URL), so that URL
 * names the cached file too. A URL naming this server by its address is read
 * as its path. Anything else (another host, a cloud URI not cached) has no file here.
 */

function cachedCopy(deps: AppEnv['Variables']['deps'], remote: number, encodedName: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    return null;
  }
  return findCachedMediaFile(deps, remote, name)?.path ?? null;
}

export function taskMediaResolver(c: Context<AppEnv>): (project: number, url: string) => string | null {
  const deps = c.get('deps');
  const origin = new URL(c.req.url).origin;
  return (project, url) => {
    const path = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
    if (path.startsWith('/data/local-files')) {
      const requested = new URL(path, origin).searchParams.get('d') ?? undefined;
      const found = findLocalFile(storageDeps(c), requested);
      return found.kind === 'file' ? found.path : null;
    }
    const cached = /^\/data\/remote\/(\d+)\/([^/?#]+)$/u.exec(path);
    if (cached) return cachedCopy(deps, Number(cached[1]), cached[2]!);
    return mediaResolver(deps, project)(path);
  };
}

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/open.js';
import { findDoneMediaByPath, findDoneMediaPaths } from '../../db/repos/mediaCacheRepo.js';
import { findMirrorProject } from '../../db/repos/syncMirrorRepo.js';

/*
 * Media of mirrored tasks. Task data keeps the remote's original references (so exports and
 * pushes stay valid); the sync downloads what they name into <data>/media/remote/<remote>/ and
 * the serializers, when asked to resolve URIs (Label Studio's default), point at the local copy.
 */

/** Which strings of task data can name media: top-level values, and one level into lists and objects. */
export function forEachDataString(data: unknown, visit: (value: string) => void): void {
  mapDataStrings(data, (value) => {
    visit(value);
    return value;
  });
}

/** Replaces those strings in place (data is a freshly parsed object owned by the caller). */
export function mapDataStrings(data: unknown, replace: (value: string) => string): void {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return;
  const record = data as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      record[key] = replace(value);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'string') value[index] = replace(item);
      });
    } else if (value !== null && typeof value === 'object') {
      const inner = value as Record<string, unknown>;
      for (const [innerKey, item] of Object.entries(inner)) {
        if (typeof item === 'string') inner[innerKey] = replace(item);
      }
    }
  }
}

/** Where a remote's media are cached: `<data>/media/remote/<remote>/` (media/ as in dataDir.ts). */
export function remoteMediaDir(dataDir: string, remote: number): string {
  return join(dataDir, 'media', 'remote', String(remote));
}

/**
 * The file behind `/data/remote/<remote>/<name>`: only names of finished downloads are served, so
 * a partial download or anything else in the data folder cannot be reached (`..` never matches).
 */
export function findCachedMediaFile(
  ctx: { db: Db; dataDir: string },
  remote: number,
  name: string,
): { path: string; size: number } | null {
  if (!findDoneMediaByPath(ctx.db, remote, name)) return null;
  const path = join(remoteMediaDir(ctx.dataDir, remote), name);
  if (!existsSync(path)) return null;
  const stats = statSync(path);
  return stats.isFile() ? { path, size: stats.size } : null;
}

/** The local URL of a cached file (served by routes/cachedMedia.ts). */
export function cachedMediaUrl(remote: number, path: string): string {
  return `/data/remote/${remote}/${encodeURIComponent(path)}`;
}

/** Only strings that could be a reference are looked up (not every long text value). */
function mayBeReference(value: string): boolean {
  return value.length <= 4096 && (value.startsWith('/') || /^[a-z][a-z0-9+.-]*:\/\//i.test(value));
}

/**
 * `resolve_uri`: in tasks of mirrored projects, every reference with a downloaded copy becomes
 * that copy's local URL. References not (yet) cached stay as they are. One query per remote.
 */
export function resolveCachedMedia(db: Db, tasks: readonly Record<string, unknown>[]): void {
  const remoteOf = new Map<number, number | null>();
  const byRemote = new Map<number, Record<string, unknown>[]>();
  for (const task of tasks) {
    const project = task.project as number;
    if (!remoteOf.has(project)) remoteOf.set(project, findMirrorProject(db, project)?.remote ?? null);
    const remote = remoteOf.get(project);
    if (remote === null || remote === undefined) continue;
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), task]);
  }
  for (const [remote, remoteTasks] of byRemote) {
    const candidates = new Set<string>();
    for (const task of remoteTasks) {
      forEachDataString(task.data, (value) => {
        if (mayBeReference(value)) candidates.add(value);
      });
    }
    if (candidates.size === 0) continue;
    const paths = findDoneMediaPaths(db, remote, [...candidates]);
    if (paths.size === 0) continue;
    for (const task of remoteTasks) {
      mapDataStrings(task.data, (value) => {
        const path = paths.get(value);
        return path === undefined ? value : cachedMediaUrl(remote, path);
      });
    }
  }
}

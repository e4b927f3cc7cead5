import { createHash } from 'node:crypto';
import { forEachDataString } from '../../domain/tasks/cachedMedia.js';

/*
 * Which strings of a mirrored task's data name media, and how each is fetched:
 * - `remote`: a file the remote serves itself (`/data/upload/...`, `/data/local-files/?d=...`, or
 *   any absolute URL on the remote's origin), fetched with the remote's token;
 * - `web`: any other absolute http(s) URL, fetched without the token (it is not theirs to see);
 * - `storage`: a cloud-storage URI (`s3://` ...), fetched through the remote's resolve endpoint,
 *   which redirects to a presigned URL or proxies the bytes.
 */

export type MediaKind = 'remote' | 'web' | 'storage';

export interface MediaRef {
  /** The reference exactly as task data holds it (the media_cache key). */
  url: string;
  kind: MediaKind;
  /** For `remote`: the path and query to request on the remote. */
  remotePath?: string;
  /** For `storage`: a remote task that names it (the resolve endpoint is per task). */
  remoteTaskId: number;
}

const REMOTE_MEDIA_PATH = /^\/data\/(upload\/|local-files\/?\?)/;
const STORAGE_SCHEMES = new Set(['s3:', 's3a:', 'gs:', 'gcs:', 'azure-blob:', 'azure-spi:']);

export function classifyReference(value: string, remoteUrl: string, remoteTaskId: number): MediaRef | null {
  if (value.length > 4096) return null;
  if (REMOTE_MEDIA_PATH.test(value)) return { url: value, kind: 'remote', remotePath: value, remoteTaskId };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (STORAGE_SCHEMES.has(parsed.protocol)) return { url: value, kind: 'storage', remoteTaskId };
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.origin === new URL(remoteUrl).origin) {
    return { url: value, kind: 'remote', remotePath: parsed.pathname + parsed.search, remoteTaskId };
  }
  return { url: value, kind: 'web', remoteTaskId };
}

/** Every media reference in one task's data (JSON text), at the depth the serializers rewrite. */
export function referencesOfTask(dataText: string, remoteUrl: string, remoteTaskId: number): MediaRef[] {
  let data: unknown;
  try {
    data = JSON.parse(dataText);
  } catch {
    return [];
  }
  const refs: MediaRef[] = [];
  forEachDataString(data, (value) => {
    const ref = classifyReference(value, remoteUrl, remoteTaskId);
    if (ref) refs.push(ref);
  });
  return refs;
}

/** The last meaningful name in a reference: the `d` of local files, else the path's last segment. */
function lastName(url: string): string {
  let path = url;
  try {
    const parsed = new URL(url, 'http://x');
    path = parsed.searchParams.get('d') ?? parsed.pathname;
  } catch {
    // Not parseable: the raw text is as good a source of a name as any.
  }
  const segment = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The cache file name of a reference: 16 hex of its hash (two references never share a file) and
 * its own name made safe for every file system, which keeps the extension for the content type.
 */
export function cacheFileName(url: string): string {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 16);
  const safe = lastName(url)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(-100);
  return `${hash}-${safe || 'file'}`;
}

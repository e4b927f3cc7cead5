import { findResolvingStorage, resolvingStoragesOf } from '../domain/storages/resolveStorageMedia.js';
import { settingsOf } from '../domain/storages/storageRows.js';
import {
  findCachedCopy,
  projectOfResolveRequest,
  type CachedCopy,
  type ResolveScope,
} from '../domain/storages/storageUriRequest.js';
import { decodeFileUri } from '../domain/storages/storageUris.js';
import { clientFor } from './clientFor.js';
import { configOf } from './manageStorages.js';
import type { OpenedObject } from './storageClient.js';
import type { StorageDeps } from './storageDeps.js';

/*
 * Label Studio's storage proxy (io_storages/proxy_api.py, ResolveStorageUriAPIMixin): the URI a
 * task names is looked up among its project's import storages; a storage with `presign` on
 * answers a redirect to a presigned URL, one with it off streams the object through this server
 * (a Range forwarded, no larger than 8 MiB past its start). A mirrored project's media the sync
 * already downloaded are served from that copy first, so they open offline.
 */

export type StorageUriAnswer =
  | { kind: 'bad-request' }
  | { kind: 'not-found' }
  | { kind: 'redirect'; url: string; maxAgeSeconds: number }
  | { kind: 'object'; object: OpenedObject }
  | { kind: 'cached'; copy: CachedCopy }
  | { kind: 'failed'; detail: string };

export interface StorageUriRequest {
  scope: ResolveScope;
  id: number;
  fileuri: string | undefined;
  range: string | undefined;
  signal?: AbortSignal;
  /**
   * Stream even where a presigned URL could be given: Outpost's own pages allow images and media
   * from their origin only (their CSP), so a redirect to a bucket would not show there.
   */
  streamOnly?: boolean;
}

/** RESOLVER_PROXY_MAX_RANGE_SIZE. */
const MAX_RANGE_BYTES = 8 * 1024 * 1024;

/** Python's int() of a range bound: digits with an optional sign, underscores and surrounding spaces. */
function pythonInt(text: string | undefined): number {
  if (text === undefined || !/^\s*[+-]?\d+(_\d+)*\s*$/.test(text)) throw new Error('not an int');
  return Number(text.replace(/_/g, ''));
}

/** parse_range then override_range_header: the Range sent to the storage, or null for none. */
export function limitedRange(header: string | undefined): string | null {
  if (!header) return null;
  let start: number;
  let end: number | '';
  try {
    const bounds = header.split('=')[1];
    if (bounds === undefined) throw new Error('no bounds');
    const values = bounds.split('-');
    start = pythonInt(values[0]);
    end = values.length > 1 && values[1] !== '' ? pythonInt(values[1]) : '';
  } catch {
    [start, end] = [0, ''];
  }
  if (start === 0 && (end === '' || end === 0)) {
    // A probe for the headers ('bytes=0-', 'bytes=0-0') goes as it is.
  } else if (start > 0 && (end === '' || end === 0)) end = start + MAX_RANGE_BYTES;
  else if (start >= 0 && end !== '' && end > 0) end = Math.min(end, start + MAX_RANGE_BYTES);
  else [start, end] = start < 0 ? [0, MAX_RANGE_BYTES] : [0, ''];
  return `bytes=${start}-${end}`;
}

export async function serveStorageUri(deps: StorageDeps, request: StorageUriRequest): Promise<StorageUriAnswer> {
  if (request.fileuri === undefined) return { kind: 'bad-request' };
  const project = projectOfResolveRequest(deps, request.scope, request.id);
  if (project === null) return { kind: 'not-found' };
  const uri = decodeFileUri(request.fileuri);
  const cached = findCachedCopy(deps, project, uri);
  if (cached) return { kind: 'cached', copy: cached };
  const storage = findResolvingStorage(resolvingStoragesOf(deps.db, project), uri);
  if (!storage) return { kind: 'not-found' };
  const settings = settingsOf(storage.row);
  const client = clientFor(configOf(deps, storage.row), deps);
  if (settings.presign !== false && !request.streamOnly) {
    const ttlSeconds = (typeof settings.presign_ttl === 'number' ? settings.presign_ttl : 1) * 60;
    let url: string | null;
    try {
      url = await client.presignedUrl(uri, ttlSeconds);
    } catch {
      // Label Studio answers a bare 404 when presigning fails.
      await client.close();
      return { kind: 'not-found' };
    }
    // A client that cannot presign (null) streams instead: the file still opens.
    if (url !== null) {
      await client.close();
      return { kind: 'redirect', url, maxAgeSeconds: ttlSeconds };
    }
  }
  try {
    const object = await client.open(uri, request.signal, limitedRange(request.range));
    // The connection goes once the body was read to its end or dropped.
    object.body.once('close', () => void client.close());
    return { kind: 'object', object };
  } catch (error) {
    await client.close();
    return { kind: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}

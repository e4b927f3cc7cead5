import { networkReason } from '../networkReason.js';
import type { FetchLike } from '../remoteClient.js';
import { RemoteError, remoteErrorFrom } from '../remoteError.js';
import type { SyncContext } from '../syncTypes.js';
import type { OpenDownload } from './downloadFile.js';
import type { MediaRef } from './mediaRefs.js';

/*
 * How each kind of reference is requested (see mediaRefs.ts). Every opener resolves with a 2xx
 * response or throws (a RemoteError with the status when there was one).
 */

/** Label Studio's resolve endpoint takes the URI as URL-safe base64 with its padding. */
export function encodeFileUri(uri: string): string {
  return Buffer.from(uri, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

function openWeb(url: string, fetchImpl: FetchLike, signal: AbortSignal | undefined): OpenDownload {
  return async (headers) => {
    let response: Response;
    try {
      // No token: the URL is not the remote's, and its owner never got one.
      response = await fetchImpl(url, { method: 'GET', headers, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RemoteError(0, `${url} could not be reached: ${networkReason(error)}.`, null);
    }
    if (!response.ok) throw await remoteErrorFrom(response, `GET ${url}`);
    return response;
  };
}

function openStorage(ref: MediaRef, ctx: SyncContext): OpenDownload {
  return async (headers) => {
    // 303 to a presigned URL (fetch follows it, dropping our Authorization on the other origin)
    // or the bytes proxied by the remote itself.
    const response = await ctx.client.requestRaw('GET', `/tasks/${ref.remoteTaskId}/resolve/`, {
      query: { fileuri: encodeFileUri(ref.url) },
      headers,
      signal: ctx.signal,
    });
    // A server without the endpoint may answer any path with its web app's page (another Outpost
    // does): that is not the file.
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('text/html') && !/\.html?$/i.test(ref.url)) {
      await response.body?.cancel();
      throw new RemoteError(404, `the remote cannot resolve ${ref.url} (it has no storage resolve endpoint)`, null);
    }
    return response;
  };
}

export function openerFor(ref: MediaRef, ctx: SyncContext, fetchImpl: FetchLike): OpenDownload {
  switch (ref.kind) {
    case 'remote':
      return (headers) => ctx.client.requestRaw('GET', ref.remotePath ?? ref.url, { headers, signal: ctx.signal });
    case 'web':
      return openWeb(ref.url, fetchImpl, ctx.signal);
    case 'storage':
      return openStorage(ref, ctx);
  }
}

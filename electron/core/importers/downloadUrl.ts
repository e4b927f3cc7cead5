import { request as httpRequest, STATUS_CODES, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { DomainError } from '../domain/errors.js';
import {
  checkTotalFileSize,
  importError,
  INVALID_UPLOAD_URL,
  type Downloaded,
  type DownloadOptions,
} from '../domain/imports/importContext.js';
import { resolveImportUrl, type ResolvedAddress } from './checkUrlAddress.js';

/*
 * The import's network side: the domain never calls out, so it receives this function in its
 * ImportContext (AppDeps.downloadImportUrl) and gets the bytes back.
 */

const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 60_000;

/** Connects to the address that was checked, never to a fresh DNS answer. */
function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  }) as unknown as LookupFunction;
}

function get(url: URL, resolved: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      lookup: pinnedLookup(resolved),
      signal,
      headers: { 'Accept-Encoding': 'identity', 'User-Agent': 'Outpost import' },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared)) checkTotalFileSize(maxBytes, declared);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total >= maxBytes) {
      response.destroy();
      checkTotalFileSize(maxBytes, total);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** Characters a URL's host may hold, for urllib3's parse_url. */
const HOST_CHAR = /[^A-Za-z0-9\-._~%!$&'()*+,;=:[\]]/;

/**
 * `validate_upload_url`'s first steps, which run before any download: urllib3's `parse_url` (a
 * host holding, say, a space is refused with its message; text without `scheme://` is read as a
 * host), then the scheme, which must be http or https.
 */
function checkUrlShape(url: string): void {
  const match = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^\\/?#]*))?/.exec(url)!;
  const scheme = match[1];
  const authority = match[2] ?? (scheme ? '' : (url.split(/[\\/?#]/)[0] ?? ''));
  const host = authority.replace(/^.*@/, '').replace(/:\d*$/, '');
  const bad = HOST_CHAR.exec(host);
  if (bad) throw importError(`Failed to parse: Host '${host}' contains invalid character '${bad[0]}'`);
  if (!scheme || !['http', 'https'].includes(scheme.toLowerCase())) throw importError(INVALID_UPLOAD_URL);
}

/**
 * `tasks_from_url`'s download (`ssrf_safe_get`): http(s) only, every hop's addresses checked
 * before connecting, at most 5 redirects, the body capped at the import size limit, and one
 * deadline for all of it. Failures are validation errors with the reason, as Label Studio gives.
 */
export async function downloadImportUrl(url: string, options: DownloadOptions): Promise<Downloaded> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    checkUrlShape(url);
    let current: URL;
    try {
      current = new URL(url.trim());
    } catch {
      throw importError(INVALID_UPLOAD_URL);
    }
    for (let hop = 0; ; hop += 1) {
      const resolved = await resolveImportUrl(current, options.allowPrivate);
      const response = await get(current, resolved, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw importError(`Exceeded ${MAX_REDIRECTS} redirects.`);
        current = new URL(location, current);
        continue;
      }
      if (status >= 400) {
        response.resume();
        const kind = status < 500 ? 'Client' : 'Server';
        throw importError(`${status} ${kind} Error: ${STATUS_CODES[status] ?? ''} for url: ${current.href}`);
      }
      const bytes = await readCapped(response, options.maxBytes);
      const filename = safeDecode(current.pathname.split('/').pop() ?? '');
      return { bytes, filename, contentType: response.headers['content-type'] ?? null };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (controller.signal.aborted) throw importError(`Read timed out. (url: ${url})`);
    throw importError((error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

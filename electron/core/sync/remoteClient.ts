import { networkReason } from './networkReason.js';
import { RemoteError, remoteErrorFrom } from './remoteError.js';
import { accessTokenExpiry, accessTokenLifetime, detectTokenKind, type TokenKind } from './tokenKind.js';

/*
 * The one way sync talks to a remote Label Studio (or another Outpost): base URL, auth by token
 * kind as Label Studio's SDK does it, JSON in and out, and errors as RemoteError. It does not
 * retry: callers decide with `withRetry` (sync/retry.ts), per step.
 */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RemoteClientOptions {
  /** The remote's base URL, e.g. `https://label.example.org` (a trailing slash is ignored). */
  url: string;
  token: string;
  fetch?: FetchLike;
  /** Milliseconds since the epoch; injected by tests. */
  now?: () => number;
  /**
   * Refresh a PAT's access token this long before it expires (default 60 s), or a fifth of its
   * lifetime when that is shorter: a server that grants short-lived tokens still gets each one
   * used for most of its life.
   */
  refreshMarginMs?: number;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RemoteRequest {
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as JSON, or as is when it is FormData (multipart uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Range` to resume a media download. */
  headers?: Record<string, string>;
}

export interface RemoteVersion {
  release: string;
  edition?: string;
  [key: string]: unknown;
}

export interface RemoteUser {
  id: number;
  email: string;
  username?: string;
  first_name?: string;
  last_name?: string;
}

export interface RemoteClient {
  readonly url: string;
  readonly tokenKind: TokenKind;
  /** A JSON request; 2xx bodies parsed (null when empty), anything else thrown as RemoteError. */
  request<T>(method: string, path: string, init?: RemoteRequest): Promise<T>;
  /** The response itself (2xx only), e.g. to stream a media file. */
  requestRaw(method: string, path: string, init?: RemoteRequest): Promise<Response>;
  version(): Promise<RemoteVersion>;
  whoami(): Promise<RemoteUser>;
}

function buildUrl(base: string, path: string, query: RemoteRequest['query']): string {
  const url = new URL(path, `${base}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) url.searchParams.append(key, String(item));
    }
  }
  return url.toString();
}

export function createRemoteClient(options: RemoteClientOptions): RemoteClient {
  const base = options.url.replace(/\/+$/, '');
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  const margin = options.refreshMarginMs ?? 60_000;
  const tokenKind = detectTokenKind(options.token);
  let access: { token: string; refreshAt: number } | null = null;
  let refreshing: Promise<string> | null = null;

  async function fetchOrThrow(url: string, init: RequestInit): Promise<Response> {
    try {
      // fetch ties an abort listener to the signal it is given and drops it only when the request
      // is garbage-collected: a run's requests, thousands on one signal, piled them up. Each
      // request gets its own signal that follows the run's, which holds it only weakly.
      const signal = init.signal ? AbortSignal.any([init.signal]) : init.signal;
      return await send(url, { ...init, signal });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new RemoteError(0, `${base} could not be reached: ${networkReason(error)}.`, null);
    }
  }

  /** Trades the PAT for a fresh access token (`/api/token/refresh/`), once at a time. */
  function refreshAccess(): Promise<string> {
    refreshing ??= (async () => {
      try {
        const response = await fetchOrThrow(buildUrl(base, '/api/token/refresh/', undefined), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ refresh: options.token }),
        });
        if (!response.ok) throw await remoteErrorFrom(response, 'The personal access token was refused');
        const { access: token } = (await response.json()) as { access?: unknown };
        if (typeof token !== 'string') throw new RemoteError(502, 'The token refresh gave no access token.', null);
        const expiresAt = accessTokenExpiry(token) ?? now() + 5 * 60_000;
        const lifetime = accessTokenLifetime(token);
        access = { token, refreshAt: expiresAt - Math.min(margin, lifetime === null ? margin : lifetime / 5) };
        return token;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function authorization(): Promise<string> {
    if (tokenKind === 'legacy') return `Token ${options.token}`;
    const current = access && access.refreshAt > now() ? access.token : await refreshAccess();
    return `Bearer ${current}`;
  }

  async function attempt(method: string, path: string, init: RemoteRequest): Promise<Response> {
    const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...init.headers,
      Authorization: await authorization(),
    };
    if (init.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    return fetchOrThrow(buildUrl(base, path, init.query), {
      method,
      headers,
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  }

  async function requestRaw(method: string, path: string, init: RemoteRequest = {}): Promise<Response> {
    let response = await attempt(method, path, init);
    // An access token can be revoked or expire early (clock skew): refresh once, then give up.
    if (response.status === 401 && tokenKind === 'pat') {
      await response.body?.cancel();
      access = null;
      response = await attempt(method, path, init);
    }
    if (!response.ok) throw await remoteErrorFrom(response, `${method} ${path}`);
    return response;
  }

  async function request<T>(method: string, path: string, init: RemoteRequest = {}): Promise<T> {
    const response = await requestRaw(method, path, init);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (init.signal?.aborted) throw error;
      // The connection dropped mid-answer (after the remote may have acted): a network error,
      // so retried like one, rather than an unknown error that ends the step.
      throw new RemoteError(0, `${method} ${path}: the answer was cut off: ${(error as Error).message}`, null);
    }
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new RemoteError(502, `${method} ${path}: the remote answered with something other than JSON.`, text);
    }
  }

  return {
    url: base,
    tokenKind,
    request,
    requestRaw,
    version: () => request<RemoteVersion>('GET', '/api/version'),
    whoami: () => request<RemoteUser>('GET', '/api/current-user/whoami'),
  };
}

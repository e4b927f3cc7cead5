import type { ZodType } from 'zod';
import { errorMessageFromBody, unexpectedShapeMessage } from './errorMessage';

/** How requests prove who they are: the Electron token, or the browser's session cookie plus CSRF. */
export type ApiAuth = { kind: 'token'; token: string } | { kind: 'session'; readCsrfToken: () => string | null };

export interface ApiClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:8080`; empty for the page's own origin. */
  baseUrl: string;
  auth: ApiAuth;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T = unknown> {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The wire shape from shared/api the answer must have: a body of another shape fails like a
   * refused request (an ApiError with a readable message) instead of breaking the page later.
   */
  schema?: ZodType<T>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed request: `status` is 0 when the server could not be reached at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

const WRITE_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * What a request made outside `request` needs to look like one of the client's: XHR uploads (fetch
 * has no upload progress) and streamed downloads use it, so auth stays defined in one place.
 */
export interface RawRequestAccess {
  /** The absolute (or page-relative) URL of an API path with its query. */
  url(path: string, query?: Record<string, QueryValue>): string;
  /** The auth headers for `method`: `Authorization: Token …`, or `X-CSRFToken` on session writes. */
  authHeaders(method: HttpMethod): Record<string, string>;
  /** Whether the session cookie must go along (browser mode). */
  withCredentials: boolean;
}

export interface ApiClient {
  raw: RawRequestAccess;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  delete(path: string, options?: RequestOptions): Promise<void>;
}

/** The one place the renderer talks HTTP: base URL, auth per mode, CSRF on writes, readable errors. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

  function authHeaders(method: HttpMethod): Record<string, string> {
    const headers: Record<string, string> = {};
    if (options.auth.kind === 'token') {
      headers.Authorization = `Token ${options.auth.token}`;
    } else if (WRITE_METHODS.has(method)) {
      const csrf = options.auth.readCsrfToken();
      if (csrf) headers['X-CSRFToken'] = csrf;
    }
    return headers;
  }

  function headersFor(method: HttpMethod, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(method) };
    if (hasBody) headers['Content-Type'] = 'application/json';
    return headers;
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions<T> = {}): Promise<T> {
    const hasBody = init.body !== undefined;
    let response: Response;
    try {
      response = await send(buildUrl(options.baseUrl, path, init.query), {
        method,
        headers: headersFor(method, hasBody),
        body: hasBody ? JSON.stringify(init.body) : undefined,
        // The session cookie is same-origin; the Electron token never needs cookies.
        credentials: options.auth.kind === 'session' ? 'same-origin' : 'omit',
        signal: init.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'The local server could not be reached.');
    }
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, errorMessageFromBody(response.status, body), body);
    if (!init.schema) return body as T;
    const parsed = init.schema.safeParse(body);
    if (!parsed.success) throw new ApiError(response.status, unexpectedShapeMessage(parsed.error.issues), body);
    return parsed.data;
  }

  return {
    raw: {
      url: (path, query) => buildUrl(options.baseUrl, path, query),
      authHeaders,
      withCredentials: options.auth.kind === 'session',
    },
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: async (path, init) => {
      await request<unknown>('DELETE', path, init);
    },
  };
}

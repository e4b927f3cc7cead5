import type { ZodType } from 'zod';
import { ApiError, type ApiClient, type HttpMethod, type QueryValue } from './client';
import { errorMessageFromBody, unexpectedShapeMessage } from './errorMessage';

/** Bytes of the request body the browser has sent so far, of `total` (the encoded body). */
export interface UploadProgressEvent {
  loaded: number;
  total: number;
  /** Everything is sent: the server is parsing and writing now. */
  sent: boolean;
}

export interface XhrRequest<T> {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  /** A FormData (the browser sets the multipart boundary), or text or a file with its `contentType`. */
  body: FormData | string | Blob;
  contentType?: string;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgressEvent) => void;
  /** The answer's wire shape: one it does not fit fails like a refused request. */
  schema: ZodType<T>;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A request through XMLHttpRequest, authenticated as the API client's: fetch cannot report how
 * much of a request body went out, and a 120 MB import needs that. Aborting the signal aborts the
 * request (the server then drops the whole import) and rejects with an AbortError, like fetch.
 */
export function sendWithProgress<T>(client: ApiClient, request: XhrRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (request.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, client.raw.url(request.path, request.query));
    xhr.withCredentials = client.raw.withCredentials;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(client.raw.authHeaders(request.method))) {
      xhr.setRequestHeader(name, value);
    }
    if (request.contentType) xhr.setRequestHeader('Content-Type', request.contentType);

    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', onAbort);

    let total = 0;
    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable) return;
      total = event.total;
      request.onUploadProgress?.({ loaded: event.loaded, total, sent: false });
    });
    xhr.upload.addEventListener('load', () => request.onUploadProgress?.({ loaded: total, total, sent: true }));
    xhr.addEventListener('load', () => {
      done();
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, errorMessageFromBody(xhr.status, body), body));
        return;
      }
      const parsed = request.schema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, unexpectedShapeMessage(parsed.error.issues), body));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, 'The local server could not be reached.'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });
    xhr.send(request.body);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

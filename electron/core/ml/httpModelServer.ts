import { pythonJsonError } from '../../../shared/api/pythonJsonError.js';
import type { ModelCallResult, ModelServer } from './modelServer.js';

/*
 * A model server over HTTP (Label Studio's MLApi): JSON in and out, Basic Auth when both halves
 * are set, a time limit on every call, and answers read with a size limit, since the server is
 * someone else's program. Failures come back as readable sentences, never as exceptions.
 */

export interface HttpModelServerOptions {
  url: string;
  basicAuth: { user: string; password: string } | null;
  /** Seconds a prediction may take (the backend's `timeout` field). */
  predictTimeoutSeconds: number;
  userAgent: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/** Label Studio's limits, under its own environment variable names; longer where a busy laptop needs it. */
function timeoutSeconds(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const timeouts = {
  health: () => timeoutSeconds('ML_TIMEOUT_HEALTH', 3),
  setup: () => timeoutSeconds('ML_TIMEOUT_SETUP', 10),
  train: () => timeoutSeconds('ML_TIMEOUT_TRAIN', 30),
};

/** A model answer larger than this is refused rather than read into memory. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** Label Studio joins call names onto the URL as urljoin does, after making sure it ends in a slash. */
export function modelServerUrl(base: string, call: string): string {
  return new URL(call, base.endsWith('/') ? base : `${base}/`).toString();
}

/** requests' HTTPError text, which Label Studio shows: `500 Server Error: Internal Server Error for url: ...`. */
function httpErrorText(response: Response, url: string, body: string): string {
  const kind = response.status >= 500 ? 'Server' : 'Client';
  const said = body.trim().slice(0, 300);
  return `${response.status} ${kind} Error: ${response.statusText} for url: ${url}${said ? ` (the server said: ${said})` : ''}`;
}

/** Why a request got no answer, in words: the code Node gives is kept for whoever debugs it. */
function networkErrorText(error: unknown, url: string, seconds: number): string {
  const failure = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (failure.name === 'TimeoutError') return `No answer from ${url} within ${seconds} s (timed out).`;
  if (failure.name === 'AbortError') return `The call to ${url} was cancelled.`;
  const code = failure.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return `Connection refused by ${url}: is the model server running? (${code})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Cannot find the host of ${url} (${code}).`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `The connection to ${url} was cut (${code}).`;
  return `Cannot reach ${url}: ${failure.cause?.message ?? failure.message ?? String(error)}${code ? ` (${code})` : ''}.`;
}

async function readLimited(response: Response): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) return null;
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export function createHttpModelServer(options: HttpModelServerOptions): ModelServer {
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  // Label Studio accepts any float here, 0 and negatives too; those mean its default, 100 s.
  const predictSeconds =
    Number.isFinite(options.predictTimeoutSeconds) && options.predictTimeoutSeconds > 0
      ? Math.min(options.predictTimeoutSeconds, 24 * 3600)
      : 100;
  const headers: Record<string, string> = { 'User-Agent': options.userAgent, Accept: 'application/json' };
  if (options.basicAuth?.user && options.basicAuth.password) {
    const pair = `${options.basicAuth.user}:${options.basicAuth.password}`;
    headers.Authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }

  async function call(
    method: 'GET' | 'POST',
    name: string,
    body: unknown,
    seconds: number,
    signal?: AbortSignal,
  ): Promise<ModelCallResult> {
    const url = modelServerUrl(options.url, name);
    const limit = AbortSignal.timeout(seconds * 1000);
    const init: RequestInit = {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, limit]) : limit,
    };
    let response: Response;
    let text: string | null;
    try {
      response = await send(url, init);
      text = await readLimited(response);
    } catch (error) {
      return { ok: false, status: 0, error: networkErrorText(error, url, seconds) };
    }
    if (text === null) {
      return { ok: false, status: response.status, error: `The answer from ${url} is larger than 64 MB.` };
    }
    if (!response.ok) return { ok: false, status: response.status, error: httpErrorText(response, url, text) };
    try {
      return { ok: true, status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      const reason = pythonJsonError(text) ?? 'not JSON';
      return { ok: false, status: response.status, error: `The answer from ${url} is not JSON: ${reason}` };
    }
  }

  return {
    health: (signal) => call('GET', 'health', undefined, timeouts.health(), signal),
    setup: (request, signal) => call('POST', 'setup', request, timeouts.setup(), signal),
    predict: (request, signal) => call('POST', 'predict', request, predictSeconds, signal),
    webhook: (event, signal) => call('POST', 'webhook', event, timeouts.train(), signal),
    // Label Studio asks GET /versions with no body or query (its request dict is not sent on GET).
    versions: (_project, signal) => call('GET', 'versions', undefined, timeouts.setup(), signal),
  };
}

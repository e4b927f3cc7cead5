/** A failed remote call. `status` 0 means the remote could not be reached at all. */
export class RemoteError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** From a 429's or 503's Retry-After header, when given. */
  readonly retryAfterMs: number | null;

  constructor(status: number, message: string, body: unknown, retryAfterMs: number | null = null) {
    super(message);
    this.name = 'RemoteError';
    this.status = status;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }

  /** Worth trying again later: the network, the server's own failures, and rate limits. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The readable part of a Label Studio error body: `detail`, the envelope's validation errors, or the text. */
function describeBody(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 300);
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return record.detail;
  if (record.validation_errors !== undefined) return JSON.stringify(record.validation_errors).slice(0, 300);
  return JSON.stringify(body).slice(0, 300);
}

export async function remoteErrorFrom(response: Response, what: string): Promise<RemoteError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON: keep the text.
  }
  const detail = describeBody(body);
  const message = `${what}: ${response.status}${detail ? ` ${detail}` : ''}`;
  return new RemoteError(
    response.status,
    message,
    body,
    parseRetryAfter(response.headers.get('Retry-After'), Date.now()),
  );
}

/*
 * Why a request to a remote never got an answer, in words a person can act on. Node's fetch
 * says only "fetch failed"; the system's reason (ECONNREFUSED, ENOTFOUND, a TLS error) is in
 * its `cause`.
 */

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED:
    'nothing answers at that address (connection refused). Check the URL and port, and that the server is running',
  ENOTFOUND: 'its host name was not found. Check the URL, and that this computer is online',
  EAI_AGAIN: 'its host name could not be looked up (no DNS answer). Check that this computer is online',
  ETIMEDOUT: 'the connection timed out. The server may be down, or a firewall may be in the way',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out. The server may be down, or a firewall may be in the way',
  ECONNRESET: 'the connection was closed before an answer came',
  UND_ERR_SOCKET: 'the connection was closed before an answer came',
  EHOSTUNREACH: 'no network route reaches it. Check that this computer is online',
  ENETUNREACH: 'no network route reaches it. Check that this computer is online',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS at that address. Try the URL with http://',
  EPROTO: 'the secure connection could not be set up. Try the URL with http://, or check its port',
};

const CERTIFICATE =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET|VERIFY)_|ERR_TLS_CERT)/;

function asErrorLike(value: unknown): ErrorLike | null {
  return typeof value === 'object' && value !== null ? (value as ErrorLike) : null;
}

/** The system error code: on the error, its cause, or the first of an AggregateError's errors. */
function codeOf(error: ErrorLike | null, depth = 0): string | null {
  if (!error || depth > 3) return null;
  if (typeof error.code === 'string') return error.code;
  const inner = Array.isArray(error.errors) ? asErrorLike(error.errors[0]) : null;
  return codeOf(asErrorLike(error.cause), depth + 1) ?? codeOf(inner, depth + 1);
}

/**
 * Failures that trying again in a moment cannot fix: nothing listens there, or the address does
 * not speak the TLS asked for or shows a certificate that is refused.
 */
export function isPermanentNetworkFailure(error: unknown): boolean {
  const code = codeOf(asErrorLike(error));
  return (
    code === 'ECONNREFUSED' || code === 'ERR_SSL_WRONG_VERSION_NUMBER' || (code !== null && CERTIFICATE.test(code))
  );
}

export function networkReason(error: unknown): string {
  const outer = asErrorLike(error);
  const code = codeOf(outer);
  if (code && REASONS[code]) return REASONS[code];
  if (code && CERTIFICATE.test(code)) return `its HTTPS certificate was not accepted (${code})`;
  const cause = asErrorLike(outer?.cause);
  if (cause?.message === 'bad port')
    return 'fetch refuses that port (it is reserved for another protocol); use another one';
  const detail = typeof cause?.message === 'string' && cause.message ? cause.message : String(outer?.message ?? error);
  return code && !detail.includes(code) ? `${detail} (${code})` : detail;
}

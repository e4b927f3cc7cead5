import { LABEL_STUDIO_VERSION } from '../../shared/api/compatibility.js';
import type { SendOutcome } from './sendRaw.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ENVELOPE_KEYS = ['detail', 'exc_info', 'id', 'status_code', 'version'];
const DJANGO_NOT_FOUND = '<h1>Not Found</h1><p>The requested resource was not found on this server.</p>';

/** The errors Label Studio itself sends without its envelope (docs/label-studio-compatibility.md#errors). */
const BARE_DETAILS = [
  /^Neither project nor view id specified$/,
  /^User not found$/,
  /^Token is invalid or already blacklisted\.$/,
  /^No action id "None", use \?id=<action-id>$/,
  /^Can't find '.*' in registered actions$/s,
];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isEnvelope(body: Record<string, unknown>, status: number): boolean {
  const keys = Object.keys(body)
    .filter((key) => key !== 'validation_errors')
    .sort();
  if (keys.join() !== ENVELOPE_KEYS.join()) return false;
  const validation = body.validation_errors;
  const validationOk = validation === undefined || (typeof validation === 'object' && validation !== null);
  return (
    typeof body.id === 'string' &&
    UUID.test(body.id) &&
    body.status_code === status &&
    body.version === LABEL_STUDIO_VERSION &&
    typeof body.detail === 'string' &&
    body.exc_info === null &&
    validationOk
  );
}

function isDocumentedBareError(path: string, status: number, body: unknown, text: string): boolean {
  if (status === 404 && text.includes(DJANGO_NOT_FOUND)) return true;
  if (status === 404 && text === 'Export is not completed') return true;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== 1) return false;
  if (keys[0] === 'detail' && typeof record.detail === 'string') {
    return BARE_DETAILS.some((pattern) => pattern.test(record.detail as string));
  }
  if (keys[0] === 'label_config')
    return /^\/api\/projects\/validate\/?$/.test(path) && Array.isArray(record.label_config);
  if (keys[0] === 'message')
    return status === 400 && /^Storage \d+ is not synchronizable$/.test(String(record.message));
  return false;
}

/**
 * The two 5xx answers that are not faults of this server:
 * - Label Studio's own 501 for predict/test without `random=true` (MLBackendPredictTestAPI; the
 *   interop suite compares it with the real server's, test/interop/ml/mlEndpoints.test.ts);
 * - 502 from Outpost's remote routes when the remote Label Studio cannot be reached (a gateway
 *   error: the fuzz server's remote points at a closed port on purpose).
 */
function isUpstreamOrLabelStudio5xx(method: string, path: string, status: number, body: string): boolean {
  if (status === 501 && method === 'POST' && /^\/api\/ml\/\d+\/predict\/test\/?$/.test(path)) {
    return body === JSON.stringify({ error: 'Not implemented - you must provide random=true query parameter' });
  }
  if (status !== 502 || !/^\/api\/outpost\/remotes\/\d+\//.test(path)) return false;
  // A HEAD answer carries no body to read the reason from.
  if (method === 'HEAD') return body === '';
  const envelope = parseJson(body) as Record<string, unknown> | null;
  return isEnvelope(envelope ?? {}, 502) && / could not be reached: /.test(String(envelope?.detail));
}

/**
 * Why an answer fails the fuzz contract, or null: no 5xx (but the two above), no hang, no dropped
 * connection, and every /api error in Label Studio's envelope (or one of the bare errors Label
 * Studio sends itself).
 */
export function checkResponse(method: string, target: string, outcome: SendOutcome): string | null {
  if ('hang' in outcome) return `hang: no complete answer after ${outcome.millis} ms`;
  if ('networkError' in outcome) return `connection error: ${outcome.networkError}`;
  const path = target.split('?')[0] ?? target;
  if (outcome.status >= 500 && !isUpstreamOrLabelStudio5xx(method, path, outcome.status, outcome.body)) {
    return `status ${outcome.status}: ${outcome.body.slice(0, 500)}`;
  }
  if (outcome.status >= 500) return null;
  const isApiError = path.startsWith('/api/') && outcome.status >= 400 && method !== 'HEAD';
  if (!isApiError) return null;
  const body = parseJson(outcome.body);
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    if (isEnvelope(body as Record<string, unknown>, outcome.status)) {
      return outcome.contentType.includes('application/json') ? null : `envelope sent as ${outcome.contentType}`;
    }
  }
  if (isDocumentedBareError(path, outcome.status, body, outcome.body)) return null;
  return `status ${outcome.status} without Label Studio's envelope: ${outcome.body.slice(0, 500)}`;
}

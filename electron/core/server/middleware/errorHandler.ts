import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, PlainError } from '../../domain/errors.js';
import { sendEnvelope } from '../errorEnvelope.js';

/**
 * The one place errors become responses: domain errors get Label Studio's envelope with their
 * status, the few errors Label Studio sends bare get `{"detail": ...}`, anything else is a 500
 * whose message is logged but not leaked (no stack traces to clients).
 */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof PlainError) {
    return c.json({ detail: error.message }, error.status as ContentfulStatusCode);
  }
  if (error instanceof DomainError) {
    const detail = error.validationErrors ? 'Validation error' : error.message;
    return sendEnvelope(c, error.status as ContentfulStatusCode, detail, error.validationErrors);
  }
  if (error instanceof HTTPException) {
    return sendEnvelope(c, error.status, error.message || 'Error');
  }
  console.error(`outpost: unhandled error on ${c.req.method} ${c.req.path}:`, error);
  return sendEnvelope(c, 500, 'Internal server error. The details are in the Outpost log.');
}

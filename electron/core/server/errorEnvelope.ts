import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorEnvelope } from '../../../shared/api/errors.js';
import { LABEL_STUDIO_VERSION } from '../../../shared/api/compatibility.js';

export function buildEnvelope(
  status: number,
  detail: string,
  validationErrors?: Record<string, unknown>,
): ErrorEnvelope {
  const envelope: ErrorEnvelope = {
    id: randomUUID(),
    status_code: status,
    version: LABEL_STUDIO_VERSION,
    detail,
    exc_info: null,
  };
  if (validationErrors) envelope.validation_errors = validationErrors;
  return envelope;
}

export function sendEnvelope(
  c: Context,
  status: ContentfulStatusCode,
  detail: string,
  validationErrors?: Record<string, unknown>,
): Response {
  if (status === 401) c.header('WWW-Authenticate', 'Token');
  return c.json(buildEnvelope(status, detail, validationErrors), status);
}

/** Django's plain 404 page for URLs no route knows (Label Studio does not use the envelope there). */
export function sendDjangoNotFound(c: Context): Response {
  return c.html(
    '<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>\n</body>\n</html>\n',
    404,
  );
}

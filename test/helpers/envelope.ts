import { expect } from 'vitest';
import { LABEL_STUDIO_VERSION } from '../../shared/api/compatibility.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Checks a response against Label Studio's error envelope
 * (docs/label-studio-compatibility.md#errors) field by field: exactly {id, status_code, version,
 * detail, exc_info[, validation_errors]}.
 */
export async function expectEnvelope(
  response: Response,
  status: number,
  detail: string,
  validationErrors?: Record<string, unknown>,
) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as Record<string, unknown>;
  const keys = ['detail', 'exc_info', 'id', 'status_code', 'version'];
  if (validationErrors) keys.push('validation_errors');
  expect(Object.keys(body).sort()).toEqual(keys.sort());
  expect(body.id).toMatch(UUID);
  expect(body.status_code).toBe(status);
  expect(body.version).toBe(LABEL_STUDIO_VERSION);
  expect(body.detail).toBe(detail);
  expect(body.exc_info).toBeNull();
  if (validationErrors) expect(body.validation_errors).toEqual(validationErrors);
  return body;
}

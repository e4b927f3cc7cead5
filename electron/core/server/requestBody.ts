import { jsonDepthError } from '../domain/jsonDepth.js';
import { jsonParseErrorDetail } from '../../../shared/api/pythonJsonError.js';
import { nullRecord } from '../domain/nullRecord.js';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError, ValidationError } from '../domain/errors.js';
import { pythonTypeName } from '../domain/pythonText.js';
import type { AppEnv } from './appEnv.js';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from './bodyErrors.js';
import { readMultipartForm } from './multipartParser.js';

export type RequestBody = Record<string, unknown> | unknown[];

export { PayloadTooLargeError, UnsupportedMediaTypeError } from './bodyErrors.js';

/**
 * The raw body, through hono's bodyLimit: a declared length over the limit is refused before
 * anything is read, a streamed body as soon as it passes it, with Label Studio's 413 envelope.
 * Import and upload replacement do not come here: they stream (files to disk, with Label Studio's
 * own size message, JSON read in place), where bodyLimit would buffer a growing copy.
 */
export async function readLimited(c: Context<AppEnv>, limitBytes: number): Promise<Uint8Array> {
  if (!c.req.raw.body) return new Uint8Array();
  const refuse = (): never => {
    throw new PayloadTooLargeError(limitBytes);
  };
  await bodyLimit({ maxSize: limitBytes, onError: refuse })(c, () => Promise.resolve());
  return new Uint8Array(await c.req.arrayBuffer());
}

function formToObject(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  // Like Django's QueryDict.get, a repeated key yields its last value.
  const result = nullRecord<unknown>();
  for (const [key, value] of entries) result[key] = value;
  return result;
}

/**
 * The request's data as DRF's parsers give it: JSON, url-encoded form or multipart (files become
 * File objects). An empty body is `{}` whatever its type; any other media type is a 415.
 */
export async function readBody(c: Context<AppEnv>): Promise<RequestBody> {
  const raw = await readLimited(c, c.get('deps').bodyLimitBytes);
  if (raw.byteLength === 0) return {};
  const contentType = c.req.header('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    const text = Buffer.from(raw).toString('utf8');
    const tooDeep = jsonDepthError(text);
    if (tooDeep) throw new DomainError(400, `JSON parse error - ${tooDeep}`);
    try {
      return JSON.parse(text) as RequestBody;
    } catch (error) {
      throw new DomainError(400, jsonParseErrorDetail(text, error));
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    return formToObject(new URLSearchParams(Buffer.from(raw).toString('utf8')));
  }
  if (mediaType === 'multipart/form-data') {
    return formToObject(await readMultipartForm(raw, contentType));
  }
  throw new UnsupportedMediaTypeError(mediaType || contentType);
}

/**
 * readBody for endpoints that take an object (most do). Anything else is DRF's non-field error:
 * `Invalid data. Expected a dictionary, but got list.` (Python's type name), and for a JSON
 * `null` body the serializer's `No data provided`.
 */
export async function readObjectBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body: unknown = await readBody(c);
  if (body === null) throw new ValidationError({ non_field_errors: ['No data provided'] });
  if (Array.isArray(body) || typeof body !== 'object') {
    throw new ValidationError({
      non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonTypeName(body)}.`],
    });
  }
  return body as Record<string, unknown>;
}

/** DRF reads form and multipart bodies as "HTML input", with their own rules for empty and absent fields. */
export function isHtmlInput(c: Context<AppEnv>): boolean {
  const contentType = c.req.header('content-type') ?? '';
  return mediaTypeOf(contentType) === 'application/x-www-form-urlencoded' || isMultipart(contentType);
}

/** The media type without its parameters, lower-cased. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isMultipart(contentType: string): boolean {
  return mediaTypeOf(contentType) === 'multipart/form-data';
}

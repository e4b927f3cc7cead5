import busboy from 'busboy';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../domain/errors.js';
import { PayloadTooLargeError } from './bodyErrors.js';

/** What a multipart body holds, handed over part by part as busboy reads it. */
export interface MultipartVisitor {
  field(name: string, value: string): void;
  /** A file part with a name; the stream must be read to its end (or the body stalls). */
  file(name: string, filename: string, mimeType: string, stream: Readable): Promise<void>;
}

const MAX_PARTS = 10_000;
// Django's MultiPartParser.boundary_re: printable ASCII, at most 201 characters, not ending in a space.
const DJANGO_BOUNDARY = /^[ -~]{0,200}[!-~]$/;
// busboy's errors in this server's words. Django reads a truncated body without complaint (it keeps
// the parts it found); refusing it is Outpost's choice, made the same for every endpoint.
const BUSBOY_ERRORS: Record<string, string> = {
  'Unexpected end of form': 'The body ended before the closing boundary',
  'Unexpected end of file': 'The body ended before the closing boundary',
  'Malformed part header': 'Malformed part header',
};

export function multipartParseError(why: string): DomainError {
  return new DomainError(400, `Multipart form parse error - ${why}`);
}

/**
 * The boundary as Django reads it (`parse_header_parameters`, then `boundary_re`), refused with
 * its message when missing or invalid, so every multipart endpoint agrees on which are valid.
 */
export function multipartBoundary(contentType: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(contentType)) {
    throw multipartParseError(`Invalid non-ASCII Content-Type in multipart: ${contentType}`);
  }
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(contentType);
  const boundary = match ? (match[1]?.replace(/\\(.)/g, '$1') ?? match[2]!.trim()) : null;
  if (!boundary || !DJANGO_BOUNDARY.test(boundary)) {
    throw multipartParseError(`Invalid boundary in multipart: ${boundary ?? 'None'}`);
  }
  return boundary;
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The one multipart parser (busboy): streams `body` through it and hands each part to `visitor`.
 * Like Django, a part without a filename (a file input left empty sends `filename=""`) is a field
 * whatever its type. Malformed or truncated bodies are DRF's 400 parse error.
 */
export async function parseMultipart(
  body: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  contentType: string,
  visitor: MultipartVisitor,
  fieldLimitBytes: number,
): Promise<void> {
  const boundary = multipartBoundary(contentType);
  const parser = busboy({
    // Handing busboy the boundary Django read, quoted, leaves it no parsing of its own to differ on.
    headers: { 'content-type': `multipart/form-data; boundary="${boundary.replace(/(["\\])/g, '\\$1')}"` },
    preservePath: true,
    defParamCharset: 'utf8',
    limits: { parts: MAX_PARTS, fieldSize: fieldLimitBytes },
  });
  const reading: Promise<void>[] = [];
  const fail = (error: Error): void => void parser.destroy(error);
  parser.on('partsLimit', () => fail(multipartParseError('Too many parts')));
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(new PayloadTooLargeError(fieldLimitBytes));
    else visitor.field(name, value);
  });
  // busboy ends or fails every file stream it hands over, except one: after a malformed part
  // header it still hands over the next part of the same chunk, and then never touches it. A
  // reader of that stream would wait forever (a hang the fuzz suite found), so when the parser
  // closes on an error, the streams still open fail with it. (On success they may still hold
  // data their reader has not consumed, so they are left alone.)
  const open = new Set<Readable>();
  let parseError: Error | null = null;
  parser.on('error', (error: Error) => void (parseError ??= error));
  parser.on('close', () => {
    if (parseError) for (const stream of open) stream.destroy(parseError);
  });
  parser.on('file', (name, stream, info) => {
    // busboy fails a truncated file's stream, maybe before the visitor starts reading it: the
    // error reaches the caller through the pipeline, and must not crash the process on the way.
    stream.on('error', () => undefined);
    open.add(stream);
    stream.on('close', () => open.delete(stream));
    const task = info.filename
      ? visitor.file(name, info.filename, info.mimeType, stream)
      : readText(stream).then((value) => visitor.field(name, value));
    reading.push(task.catch((error: unknown) => fail(error as Error)));
  });
  try {
    await pipeline(Readable.from(body, { objectMode: false }), parser);
    await Promise.all(reading);
  } catch (error) {
    await Promise.allSettled(reading);
    const message = error instanceof Error ? BUSBOY_ERRORS[error.message] : undefined;
    throw message ? multipartParseError(message) : error;
  }
  // A visitor that failed after the body ended destroyed the parser without failing the pipeline.
  if (parser.errored) throw parser.errored;
}

/** A whole multipart body already in memory, as DRF's request.data holds it: files become File objects. */
export async function readMultipartForm(raw: Uint8Array, contentType: string): Promise<[string, string | File][]> {
  const entries: [string, string | File][] = [];
  const visitor: MultipartVisitor = {
    field: (name, value) => entries.push([name, value]),
    file: async (name, filename, mimeType, stream) => {
      // Held in body order, so a repeated key still gives its last value.
      const at = entries.push([name, '']) - 1;
      // Parser chunks never sit on a SharedArrayBuffer; saying so lets the DOM's File type take them too.
      const chunks: Buffer<ArrayBuffer>[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer<ArrayBuffer>);
      entries[at] = [name, new File(chunks, filename, { type: mimeType })];
    },
  };
  await parseMultipart([raw], contentType, visitor, raw.byteLength);
  return entries;
}

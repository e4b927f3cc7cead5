import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { fileExtension } from '../../domain/imports/importContext.js';
import { findUploadedFile } from '../../domain/imports/findUploadedFile.js';
import type { AppEnv } from '../appEnv.js';
import { sendDjangoNotFound } from '../errorEnvelope.js';

/** Python's mimetypes.guess_type for the extensions an upload can have. */
const CONTENT_TYPES: Record<string, string> = {
  '.bmp': 'image/bmp',
  '.csv': 'text/csv',
  '.flac': 'audio/flac',
  '.gif': 'image/gif',
  '.htm': 'text/html',
  '.html': 'text/html',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.jsonl': 'application/octet-stream',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.ogg': 'audio/ogg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.tsv': 'text/tab-separated-values',
  '.txt': 'text/plain',
  '.wav': 'audio/x-wav',
  '.webm': 'video/webm',
  '.webp': 'image/webp',
  '.xml': 'text/xml',
};

type RangeRequest = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range (`a-b`, `a-`, `-n`), as RangedFileResponse serves them. Several ranges or
 * another unit are answered with the whole file; a range starting past the end is a 416.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return ascii === name
    ? `inline; filename="${name}"`
    : `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A file from the data folder as Label Studio's RangedFileResponse serves it: its type by
 * extension, one byte range on request, shown inline under `downloadName`, sandboxed.
 */
export function sendMediaFile(
  c: Context<AppEnv>,
  file: { path: string; size: number },
  downloadName: string,
): Response {
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[fileExtension(downloadName).toLowerCase()] ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Content-Disposition': contentDisposition(downloadName),
    // Label Studio serves uploads sandboxed: an uploaded HTML or SVG file runs no script here.
    'Content-Security-Policy': 'sandbox',
  };
  const range = parseRange(c.req.header('range'), file.size);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${file.size}` });
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const length = Math.max(0, end - start + 1);
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  if (length === 0) return c.body(null, 200, headers);
  const stream = Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream;
  return c.body(stream, range ? 206 : 200, headers);
}

function serveUpload(c: Context<AppEnv>): Response {
  const project = c.req.param('project') ?? '';
  const name = c.req.param('name') ?? '';
  const file = findUploadedFile(c.get('deps'), project, name);
  if (!file) return sendDjangoNotFound(c);
  return sendMediaFile(c, file, name.replace(/^[0-9a-f]{8}-/, ''));
}

/** Uploaded media, `/data/upload/<project>/<8 hex>-<name>`: token required, Range served. */
export function mediaRoutes(app: Hono<AppEnv>): void {
  app.get('/data/upload/:project{[0-9]+}/:name', serveUpload);
  // Nothing else under /data is served (not even the renderer's index.html).
  app.all('/data/*', (c) => sendDjangoNotFound(c));
}

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { isErrorEnvelope } from '../shared/api/errors.js';
import type { SaveExportResult, ServerInfo } from '../shared/ipc.js';

/** The easy export of one project, and nothing else the token could reach. */
const EXPORT_PATH = /^\/api\/projects\/[0-9]+\/export\/?(?:\?[^#]*)?$/;

const saveExportRequest = z.strictObject({
  path: z.string().max(4096).regex(EXPORT_PATH, 'Only /api/projects/<id>/export can be saved.'),
});
const destinationPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((value) => isAbsolute(value) && !value.includes('\0'), 'The destination must be an absolute path.');

/** The server's refusal as one sentence: the envelope's field errors, else its detail. */
async function failureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as unknown;
    if (isErrorEnvelope(body)) {
      const fields = Object.values(body.validation_errors ?? {}).flat();
      const messages = fields.filter((value): value is string => typeof value === 'string');
      return messages.length > 0 ? messages.join(' ') : body.detail || `status ${response.status}`;
    }
  } catch {
    // Not JSON: fall through to the status.
  }
  return `The server answered with status ${response.status}.`;
}

/**
 * Streams `GET <path>` of the local server into `chosen`, the path the user picked in the save
 * dialog (the main process keeps it; the request cannot name one), chunk by chunk (an export can be
 * gigabytes of images). It writes a hidden temporary file beside the destination and renames it
 * at the end, so a failure never leaves a truncated file under the chosen name.
 */
export async function saveExport(
  serverInfo: ServerInfo,
  raw: unknown,
  chosen: string | null,
): Promise<SaveExportResult> {
  const parsed = saveExportRequest.parse(raw);
  if (chosen === null) throw new Error('Choose where to save the export first.');
  const request = { ...parsed, destination: destinationPath.parse(chosen) };
  const server = new URL(serverInfo.url);
  const url = new URL(request.path, server);
  if (url.origin !== server.origin) throw new Error('Only the local server can be exported from.');

  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Token ${serverInfo.token}` } });
  } catch {
    throw new Error('The local server could not be reached.');
  }
  if (!response.ok || !response.body) throw new Error(`The export failed: ${await failureMessage(response)}`);

  const temporary = join(
    dirname(request.destination),
    `.${basename(request.destination)}.${randomBytes(4).toString('hex')}.part`,
  );
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.byteLength;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(temporary, { flags: 'wx' }),
    );
    await rename(temporary, request.destination);
  } catch (error) {
    await rm(temporary, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The export could not be written to ${request.destination}: ${reason}`, { cause: error });
  }
  return { bytes };
}

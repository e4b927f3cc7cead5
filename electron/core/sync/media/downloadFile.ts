import { existsSync, statSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { OWNER_ONLY_FILE } from '../../db/fileModes.js';
import { drainBody } from './drainBody.js';

/*
 * One media download into a file, resumable: bytes land in `<target>.part` as they arrive, so an
 * interrupted download keeps what it got; the next attempt asks for the rest with a Range and
 * appends when the server answers 206 from that offset (anything else starts over). The file
 * gets its final name only once it is complete, so a name in the cache is always a whole file.
 */

/** Sends the request, with these extra headers; resolves with a 2xx response or throws. */
export type OpenDownload = (headers: Record<string, string>) => Promise<Response>;

export interface DownloadResult {
  size: number;
  /** Bytes received by this call (less than size when it resumed). */
  received: number;
  resumedFrom: number;
}

/** `bytes <start>-<end>/<total>` → start and total (total null when `*`). */
function parseContentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

function lengthOf(response: Response): number | null {
  // fetch decompresses an encoded body, so its length no longer says how many bytes arrive.
  if (response.headers.get('content-encoding')) return null;
  const header = response.headers.get('content-length');
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export async function downloadFile(
  openDownload: OpenDownload,
  target: string,
  onBytes: (count: number) => void = () => undefined,
): Promise<DownloadResult> {
  const part = `${target}.part`;
  let have = existsSync(part) ? statSync(part).size : 0;
  let response: Response;
  try {
    response = await openDownload(have > 0 ? { Range: `bytes=${have}-` } : {});
  } catch (error) {
    // 416: the partial file is not a prefix of what is there now (or is all of it): start over.
    if (have === 0 || statusOf(error) !== 416) throw error;
    have = 0;
    response = await openDownload({});
  }

  let expected: number | null;
  const range = response.status === 206 ? parseContentRange(response.headers.get('content-range')) : null;
  if (have > 0 && range?.start === have) {
    expected = range.total;
  } else if (response.status === 206) {
    // A range we did not ask for: the bytes cannot be placed, so fetch the whole file.
    await response.body?.cancel();
    have = 0;
    response = await openDownload({});
    expected = lengthOf(response);
  } else {
    // 200: the server ignored the Range (or none was sent); the whole file follows.
    have = 0;
    expected = lengthOf(response);
  }

  const resumedFrom = have;
  let received = 0;
  // Read at once (drainBody.ts), before the file is even open.
  const chunks = response.body ? drainBody(response.body) : null;
  const file = await open(part, have > 0 ? 'a' : 'w', OWNER_ONLY_FILE);
  try {
    if (chunks) {
      // Each chunk received is written in order, so a cut connection leaves every byte received
      // on disk for the next attempt.
      for await (const chunk of chunks) {
        await file.write(chunk);
        received += chunk.byteLength;
        onBytes(chunk.byteLength);
      }
    }
  } finally {
    await file.close();
  }
  const size = statSync(part).size;
  if (expected !== null && size !== expected) {
    throw new Error(`the download ended at ${size} of ${expected} bytes`);
  }
  await rename(part, target);
  return { size, received, resumedFrom };
}

import { crc32, deflateSync } from 'node:zlib';
import type { E2eServer } from './e2eServer.js';

/*
 * Tiny media files written by hand for the labeling tests: a real PNG and a real WAV, so the
 * editor loads them through the import API and /data/upload like any user file.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG: a light background with a darker square in the middle. */
export function makePng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inside = x > width / 4 && x < (width * 3) / 4 && y > height / 4 && y < (height * 3) / 4;
      row.set(inside ? [40, 90, 200] : [225, 232, 240], 1 + x * 3);
    }
    rows.push(row);
  }
  return encodeRgbPng(width, height, Buffer.concat(rows));
}

/**
 * An RGB PNG of `rows`: each of the `height` rows a filter byte (0) and `width` RGB pixels.
 * `level` is zlib's, for images large enough that compressing them costs.
 */
export function encodeRgbPng(width: number, height: number, rows: Buffer, level?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, level === undefined ? {} : { level })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A w×h RGB PNG of one color. */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  return encodeRgbPng(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

/** A mono 16-bit PCM WAV of a sine tone. */
export function makeWav(seconds: number, sampleRate = 8000, frequency = 440): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'latin1');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8, 'latin1');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'latin1');
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12000), 44 + i * 2);
  }
  return buffer;
}

/** Uploads one file through the import API and returns the ids of the tasks it made. */
export async function importFile(
  url: string,
  token: string,
  projectId: number,
  name: string,
  content: Buffer,
): Promise<number[]> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${url}/api/projects/${projectId}/import`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`import of ${name}: ${response.status} ${await response.text()}`);
  const tasks = (await (
    await fetch(`${url}/api/projects/${projectId}/tasks/?page_size=-1`, {
      headers: { Authorization: `Token ${token}` },
    })
  ).json()) as { id: number }[];
  return tasks.map((task) => task.id).sort((a, b) => a - b);
}

/** `importFile` on a server started by `startE2eServer`: the ids of the project's tasks, in id order. */
export function importMedia(
  server: Pick<E2eServer, 'cli'>,
  projectId: number,
  name: string,
  content: Buffer,
): Promise<number[]> {
  return importFile(server.cli.url, server.cli.token, projectId, name, content);
}

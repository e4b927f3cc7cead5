import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { ZipWriter } from '../../electron/core/domain/export/pipeline/zipWriter.js';
import { readZip } from '../helpers/readZip.js';

/* The export's zip writer, its archives read back by Info-ZIP's unzip (a reader it did not write). */

const folder = mkdtempSync(join(tmpdir(), 'outpost-zip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const MODIFIED = new Date(2024, 4, 17, 13, 45, 30);

/** Writes an archive with `build`, collecting every chunk the writer hands out. */
async function archive(build: (zip: ZipWriter) => Promise<void>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const zip = new ZipWriter(async (bytes) => {
    chunks.push(Buffer.from(bytes));
  }, MODIFIED);
  await build(zip);
  await zip.finish();
  return Buffer.concat(chunks);
}

function unzip(bytes: Buffer, ...args: string[]): string {
  const path = join(folder, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(path, bytes);
  return execFileSync('unzip', [...args, path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < text.length; index += size) yield Buffer.from(text.slice(index, index + size));
}

describe('ZipWriter', () => {
  it('writes files, streamed entries and directories that unzip tests and extracts byte for byte', async () => {
    const big = 'task,label\n'.repeat(50_000);
    const bytes = await archive(async (zip) => {
      await zip.addFile('result.json', [Buffer.from('{"a": 1}')]);
      await zip.addDirectory('images');
      await zip.addFile('images/café 1.png', chunked(big, 4096));
      await zip.addFile('empty.txt', []);
    });
    expect(unzip(bytes, '-t')).toContain('No errors detected');
    expect(unzip(bytes, '-p').length).toBe('{"a": 1}'.length + big.length);
    const listing = unzip(bytes, '-Z', '-l');
    expect(listing).toMatch(/-rw-r--r-- .* 24-May-17 13:4[45] result\.json\n/);
    expect(listing).toMatch(/drwxr-xr-x .* images\/\n/);
    expect(listing).toContain('images/café 1.png');
    expect(readZip(bytes).map((entry) => [entry.name, entry.content.length])).toEqual([
      ['result.json', 8],
      ['images/', 0],
      ['images/café 1.png', big.length],
      ['empty.txt', 0],
    ]);
  });

  it('hands out bytes while an entry is still being read, not the archive at the end', async () => {
    let written = 0;
    let writtenBeforeLastChunk = -1;
    const zip = new ZipWriter(async (bytes) => {
      written += bytes.byteLength;
    }, MODIFIED);
    async function* slow(): AsyncGenerator<Uint8Array> {
      // Random bytes do not deflate, so each chunk leaves the compressor at about its own size.
      for (let index = 0; index < 64; index += 1) yield randomBytes(64 * 1024);
      writtenBeforeLastChunk = written;
      yield Buffer.alloc(1);
    }
    await zip.addFile('random.bin', slow());
    await zip.finish();
    expect(writtenBeforeLastChunk).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('writes ZIP64 end records past 65,535 entries', async () => {
    const count = 65_540;
    const bytes = await archive(async (zip) => {
      for (let index = 0; index < count; index += 1) await zip.addDirectory(`d${index}`);
    });
    expect(bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBeGreaterThan(0);
    expect(unzip(bytes, '-t')).toContain(`No errors detected in compressed data of ${join(folder, '')}`);
    expect(readZip(bytes)).toHaveLength(count);
  });

  it('fails the entry, not hangs, when the output cannot be written or the content fails', async () => {
    const refusing = new ZipWriter(async () => {
      throw new Error('client went away');
    }, MODIFIED);
    await expect(refusing.addFile('a.txt', chunked('x'.repeat(1 << 20), 1024))).rejects.toThrow('client went away');

    const zip = new ZipWriter(async () => {}, MODIFIED);
    async function* aborted(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('first');
      throw new Error('export cancelled');
    }
    await expect(zip.addFile('a.txt', aborted())).rejects.toThrow('export cancelled');
  });
});

describe('why the zip writer is not yazl', () => {
  it('yazl 3.3 walks its entry list from the start for every entry it writes: quadratic in entries', () => {
    // Counted, not timed: reads of the entry list while 1,000 entries are written. Linear work
    // would read each entry a few times; yazl reads about n²/2 (40,000 entries took 9 s of CPU
    // where the hand-written writer is linear). This fails the day yazl stops scanning.
    const count = 1_000;
    const zip = new ZipFile();
    zip.outputStream.resume();
    let reads = 0;
    const counted = new Proxy([], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    (zip as unknown as { entries: unknown[] }).entries = counted;
    for (let index = 0; index < count; index += 1) zip.addBuffer(Buffer.from('x'), `f${index}`, { compress: false });
    zip.end();
    expect(reads).toBeGreaterThan((count * count) / 2);
  });
});

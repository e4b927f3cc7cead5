/**
 * Hand-written, not a PNG library, because BRUSH_TO_PNG must write the bytes Pillow
 * writes (Label Studio's converter saves the masks with Pillow, and the interop tests compare the
 * files byte for byte). No JS PNG encoder picks row filters as Pillow's ZipEncode does, and Node's
 * own zlib compresses 16 of the 40 recorded masks to other bytes than Python's zlib 1.2; only
 * pako, which is a library, reproduces it. Proof: test/export/pillowPng.test.ts against the
 * masks and files Pillow wrote (test/fixtures/export/pillowPng.json.gz).
 */
import { crc32 } from 'node:zlib';
import { deflate } from 'pako';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Pillow's ImageFile.MAXBLOCK: the largest IDAT chunk it writes (or 4 bytes a pixel of a row, if more). */
const MAX_BLOCK = 65536;

/** Distance from zero of a filtered row, the libpng measure Pillow minimizes. */
function distance(row: Uint8Array): number {
  let sum = 0;
  for (const value of row) sum += value < 128 ? value : 256 - value;
  return sum;
}

/**
 * One row filtered as Pillow's ZipEncode does for mode L (one byte a pixel): None, then Up, Sub
 * and Paeth in that order, each taken only when strictly closer to zero (Average only with
 * `optimize`, which the converter does not pass). Returns the filter type and the bytes.
 */
function filterRow(row: Uint8Array, previous: Uint8Array): [number, Uint8Array] {
  let best: [number, Uint8Array] = [0, row];
  let sum = distance(row);
  const tryFilter = (type: number, filtered: Uint8Array) => {
    if (sum === 0) return;
    const candidate = distance(filtered);
    if (candidate < sum) {
      best = [type, filtered];
      sum = candidate;
    }
  };
  const width = row.length;
  tryFilter(
    2,
    row.map((value, index) => value - previous[index]!),
  );
  tryFilter(
    1,
    row.map((value, index) => (index === 0 ? value : value - row[index - 1]!)),
  );
  tryFilter(
    4,
    row.map((value, index) => {
      if (index === 0) return value - previous[0]!;
      const a = row[index - 1]!;
      const b = previous[index]!;
      const c = previous[index - 1]!;
      const pa = Math.abs(b - c);
      const pb = Math.abs(a - c);
      const pc = Math.abs(a + b - 2 * c);
      return value - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
    }),
  );
  return width === 0 ? [0, row] : best;
}

/**
 * An 8-bit grayscale PNG (Pillow's mode L), as BRUSH_TO_PNG writes each mask layer
 * (docs/export-image-formats.md#brush_to_numpy-and-brush_to_png), byte for byte as Pillow writes
 * it: its row filters, then zlib at the default level with Z_FILTERED and memLevel 9. pako
 * reproduces the zlib 1.2 deflate Python uses; Node's own zlib (a newer fork) compresses some rows
 * differently.
 */
export function encodeGrayPng(width: number, height: number, pixels: Uint8Array): Buffer {
  if (pixels.length !== width * height) throw new Error(`PNG needs ${width * height} pixels, got ${pixels.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const raw = Buffer.alloc((width + 1) * height);
  let previous: Uint8Array = new Uint8Array(width);
  for (let y = 0; y < height; y += 1) {
    const row = pixels.subarray(y * width, (y + 1) * width);
    const [type, filtered] = filterRow(row, previous);
    raw[y * (width + 1)] = type;
    raw.set(filtered, y * (width + 1) + 1);
    previous = row;
  }
  const compressed = Buffer.from(deflate(raw, { level: 6, memLevel: 9, strategy: 1, windowBits: 15 }));
  const block = Math.max(MAX_BLOCK, width * 4);
  const idat: Buffer[] = [];
  for (let start = 0; start < compressed.length; start += block) {
    idat.push(chunk('IDAT', compressed.subarray(start, start + block)));
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), ...idat, chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

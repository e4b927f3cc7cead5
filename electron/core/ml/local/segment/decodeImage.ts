import { inflateSync } from 'node:zlib';

/*
 * Task images as RGB pixels for the segmentation skill. PNG is decoded here (Node's zlib does the
 * inflating; the rest is the row filters), since OpenCV's WebAssembly build has no image codecs
 * and no image decoder is installed. Other formats are refused in words the user can act on.
 */

export interface RgbImage {
  width: number;
  height: number;
  /** Three bytes a pixel, row-major. */
  pixels: Uint8Array;
}

/** Why an image could not be read; its message is shown to the user as the model's answer. */
export class ImageReadError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger images would need more memory than an interactive answer is worth (about 400 MB of pixels). */
const MAX_PIXELS = 100_000_000;
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlaced: boolean;
}

function readChunks(png: Buffer): { header: PngHeader; palette: Buffer | null; data: Buffer } {
  let header: PngHeader | null = null;
  let palette: Buffer | null = null;
  const idat: Buffer[] = [];
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR' && data.length >= 13) {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8]!,
        colorType: data[9]!,
        interlaced: data[12] !== 0,
      };
    } else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header) throw new ImageReadError('The PNG image has no header.');
  return { header, palette, data: Buffer.concat(idat) };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  return a <= b && a <= c ? left : b <= c ? up : upLeft;
}

/** Undoes one row's filter: `row` and `previous` are the unfiltered rows, `step` bytes a pixel. */
function unfilterRow(filter: number, line: Uint8Array, row: Uint8Array, previous: Uint8Array | null, step: number) {
  const length = line.length;
  if (filter === 0) row.set(line);
  else if (filter === 1) {
    for (let index = 0; index < length; index += 1) {
      row[index] = (line[index]! + (index >= step ? row[index - step]! : 0)) & 0xff;
    }
  } else if (filter === 2) {
    for (let index = 0; index < length; index += 1)
      row[index] = (line[index]! + (previous ? previous[index]! : 0)) & 0xff;
  } else if (filter === 3) {
    for (let index = 0; index < length; index += 1) {
      const left = index >= step ? row[index - step]! : 0;
      row[index] = (line[index]! + ((left + (previous ? previous[index]! : 0)) >> 1)) & 0xff;
    }
  } else if (filter === 4) {
    for (let index = 0; index < length; index += 1) {
      const left = index >= step ? row[index - step]! : 0;
      const up = previous ? previous[index]! : 0;
      const upLeft = previous && index >= step ? previous[index - step]! : 0;
      row[index] = (line[index]! + paeth(left, up, upLeft)) & 0xff;
    }
  } else throw new ImageReadError(`The PNG image has an unknown row filter (${filter}).`);
}

/** Undoes the per-row filters; `stride` bytes a row, `step` bytes a pixel. */
function unfilter(raw: Buffer, height: number, stride: number, step: number): Uint8Array {
  const out = new Uint8Array(height * stride);
  for (let row = 0; row < height; row += 1) {
    const source = row * (stride + 1);
    unfilterRow(
      raw[source]!,
      raw.subarray(source + 1, source + 1 + stride),
      out.subarray(row * stride, (row + 1) * stride),
      row > 0 ? out.subarray((row - 1) * stride, row * stride) : null,
      step,
    );
  }
  return out;
}

export function decodePng(png: Buffer): RgbImage {
  const { header, palette, data } = readChunks(png);
  const { width, height, depth, colorType } = header;
  const channels = CHANNELS[colorType];
  if (channels === undefined || !(depth === 8 || (depth === 16 && colorType !== 3)) || header.interlaced) {
    throw new ImageReadError(
      'The built-in model reads 8- and 16-bit PNG images without interlacing; save the image as such a PNG.',
    );
  }
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) {
    throw new ImageReadError(`The image is ${width} x ${height} pixels, too large to segment.`);
  }
  const bytesPerSample = depth / 8;
  const step = channels * bytesPerSample;
  let raw: Buffer;
  try {
    raw = inflateSync(data);
  } catch {
    throw new ImageReadError('The PNG image is damaged: its pixel data cannot be unpacked.');
  }
  if (raw.length < height * (width * step + 1)) throw new ImageReadError('The PNG image is damaged: it ends early.');
  const samples = unfilter(raw, height, width * step, step);
  return { width, height, pixels: toRgb(samples, width * height, colorType, step, bytesPerSample, palette) };
}

/** Samples as RGB: the high byte of a 16-bit sample, gray repeated, alpha ignored (segmentation looks at colors). */
function toRgb(
  samples: Uint8Array,
  count: number,
  colorType: number,
  step: number,
  bytesPerSample: number,
  palette: Buffer | null,
): Uint8Array {
  const pixels = new Uint8Array(count * 3);
  for (let pixel = 0, source = 0, target = 0; pixel < count; pixel += 1, source += step, target += 3) {
    if (colorType === 3) {
      const entry = samples[source]! * 3;
      if (!palette || entry + 2 >= palette.length) throw new ImageReadError('The PNG image is damaged: bad palette.');
      pixels[target] = palette[entry]!;
      pixels[target + 1] = palette[entry + 1]!;
      pixels[target + 2] = palette[entry + 2]!;
    } else if (colorType === 0 || colorType === 4) {
      pixels.fill(samples[source]!, target, target + 3);
    } else {
      pixels[target] = samples[source]!;
      pixels[target + 1] = samples[source + bytesPerSample]!;
      pixels[target + 2] = samples[source + 2 * bytesPerSample]!;
    }
  }
  return pixels;
}

/** The image in a file's bytes, by its signature rather than its name. */
export function decodeImage(bytes: Buffer): RgbImage {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return decodePng(bytes);
  const kind = bytes[0] === 0xff && bytes[1] === 0xd8 ? 'a JPEG' : 'not a PNG';
  throw new ImageReadError(`The built-in model segments PNG images; this task's image is ${kind} image.`);
}

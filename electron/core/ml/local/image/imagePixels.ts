import jpeg from 'jpeg-js';
import { inflateSync } from 'node:zlib';

/*
 * Decoding a task's image into RGB pixels: PNG here (8 or 16 bits per sample, gray, gray with
 * alpha, RGB, RGBA or a palette; not interlaced), inflated by Node's zlib, and JPEG (baseline and
 * progressive) by jpeg-js, which is plain JavaScript: nothing native to build or download.
 */

export interface RgbImage {
  width: number;
  height: number;
  /** Three bytes per pixel, row by row. */
  rgb: Uint8Array;
}

export class ImageDecodeError extends Error {}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bounds the memory one image can take (about 150 MB of RGB). */
const MAX_PIXELS = 50_000_000;
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
}

function readChunks(png: Buffer): { header: PngHeader; palette: Buffer | null; data: Buffer } {
  let header: PngHeader | null = null;
  let palette: Buffer | null = null;
  const idat: Buffer[] = [];
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (body.length < length) throw new ImageDecodeError('the PNG file is cut short');
    if (type === 'IHDR') {
      if (body[12] !== 0) throw new ImageDecodeError('interlaced PNG images are not supported');
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8]!, colorType: body[9]! };
    } else if (type === 'PLTE') palette = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header || idat.length === 0) throw new ImageDecodeError('the PNG file has no image header or no image data');
  return { header, palette, data: Buffer.concat(idat) };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes the per-row filters in place; returns the unfiltered rows without their filter bytes. */
function unfilter(raw: Buffer, height: number, rowBytes: number, pixelBytes: number): Uint8Array {
  const out = new Uint8Array(height * rowBytes);
  for (let row = 0; row < height; row += 1) {
    const filter = raw[row * (rowBytes + 1)];
    const source = row * (rowBytes + 1) + 1;
    const target = row * rowBytes;
    for (let index = 0; index < rowBytes; index += 1) {
      const value = raw[source + index]!;
      const left = index >= pixelBytes ? out[target + index - pixelBytes]! : 0;
      const up = row > 0 ? out[target - rowBytes + index]! : 0;
      const upLeft = row > 0 && index >= pixelBytes ? out[target - rowBytes + index - pixelBytes]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, upLeft);
      else if (filter !== 0) throw new ImageDecodeError(`the PNG file has an unknown row filter ${filter}`);
      out[target + index] = (value + predicted) & 0xff;
    }
  }
  return out;
}

export function decodePng(png: Buffer): RgbImage {
  const { header, palette, data } = readChunks(png);
  const { width, height, bitDepth, colorType } = header;
  const channels = CHANNELS[colorType];
  if (channels === undefined) throw new ImageDecodeError(`the PNG color type ${colorType} is not a valid one`);
  if (bitDepth !== 8 && (bitDepth !== 16 || colorType === 3)) {
    throw new ImageDecodeError(`PNG images with ${bitDepth} bits per sample are not supported (8 or 16 are)`);
  }
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) {
    throw new ImageDecodeError(`the PNG image is ${width}x${height} pixels; up to ${MAX_PIXELS} pixels are read`);
  }
  const sampleBytes = bitDepth / 8;
  const pixelBytes = channels * sampleBytes;
  const rowBytes = width * pixelBytes;
  let raw: Buffer;
  try {
    raw = inflateSync(data);
  } catch {
    throw new ImageDecodeError('the PNG image data is corrupt');
  }
  if (raw.length < height * (rowBytes + 1)) throw new ImageDecodeError('the PNG image data is cut short');
  const samples = unfilter(raw, height, rowBytes, pixelBytes);
  const rgb = new Uint8Array(width * height * 3);
  const pixels = width * height;
  // Written value by value: a megapixel is three million bytes, and an array or a subarray per
  // pixel made this loop most of a decode. 16-bit samples are big-endian: their first byte is the
  // 8-bit value, so a sample's first byte is read either way.
  const step = channels * sampleBytes;
  const [green, blue] = colorType === 0 || colorType === 4 ? [0, 0] : [sampleBytes, 2 * sampleBytes];
  for (let pixel = 0, source = 0, target = 0; pixel < pixels; pixel += 1, source += step, target += 3) {
    if (colorType === 3) {
      const entry = samples[pixel]! * 3;
      if (!palette || entry + 2 >= palette.length) throw new ImageDecodeError('the PNG palette is missing a color');
      rgb[target] = palette[entry]!;
      rgb[target + 1] = palette[entry + 1]!;
      rgb[target + 2] = palette[entry + 2]!;
    } else {
      rgb[target] = samples[source]!;
      rgb[target + 1] = samples[source + green]!;
      rgb[target + 2] = samples[source + blue]!;
    }
  }
  return { width, height, rgb };
}

/** The image a file holds, or why it cannot be read. */
export function decodeImage(bytes: Buffer): RgbImage {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return decodePng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return decodeJpeg(bytes);
  throw new ImageDecodeError('the file is neither a PNG nor a JPEG image');
}

function decodeJpeg(bytes: Buffer): RgbImage {
  try {
    const { width, height, data } = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 1024,
    });
    return { width, height, rgb: data };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageDecodeError(`the JPEG image is damaged or cut short (${reason})`);
  }
}

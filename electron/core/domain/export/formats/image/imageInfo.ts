import { open, type FileHandle } from 'node:fs/promises';

export interface ImageInfo {
  width: number;
  height: number;
  /** Pillow's band count: L/P 1, LA 2, RGB 3, RGBA/CMYK 4. */
  channels: number;
}

const HEAD_BYTES = 128;

/**
 * Size and band count of a local image from its header, as Pillow's `Image.open` reports them
 * (the converter reads COCO dims and the VOC depth this way). PNG, JPEG, GIF, BMP and WebP; null
 * for anything else or an unreadable file, which the converter treats as "could not open".
 */
export async function readImageInfo(path: string): Promise<ImageInfo | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    const bytes = head.subarray(0, bytesRead);
    if (isPng(bytes)) return pngInfo(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await jpegInfo(handle);
    if (bytes.toString('latin1', 0, 4) === 'GIF8' && bytes.length >= 10) {
      return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), channels: 1 };
    }
    if (bytes.toString('latin1', 0, 2) === 'BM') return bmpInfo(bytes);
    if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return webpInfo(bytes);
    return null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

function isPng(bytes: Buffer): boolean {
  return bytes.length >= 26 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR';
}

function pngInfo(bytes: Buffer): ImageInfo {
  const colorType = bytes[25]!;
  const channels = colorType === 2 ? 3 : colorType === 4 ? 2 : colorType === 6 ? 4 : 1;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), channels };
}

/** Walks the JPEG markers to the first SOF, reading further than the head when EXIF is large. */
async function jpegInfo(handle: FileHandle): Promise<ImageInfo | null> {
  const marker = Buffer.alloc(10);
  let offset = 2;
  for (let guard = 0; guard < 10_000; guard += 1) {
    const { bytesRead } = await handle.read(marker, 0, 10, offset);
    if (bytesRead < 4) return null;
    if (marker[0] !== 0xff) return null;
    const type = marker[1]!;
    if (type === 0xff) {
      offset += 1;
      continue;
    }
    if (type === 0xd8 || type === 0x01 || (type >= 0xd0 && type <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = marker.readUInt16BE(2);
    const isStartOfFrame = type >= 0xc0 && type <= 0xcf && type !== 0xc4 && type !== 0xc8 && type !== 0xcc;
    if (isStartOfFrame) {
      if (bytesRead < 10) return null;
      const components = marker[9]!;
      return {
        width: marker.readUInt16BE(7),
        height: marker.readUInt16BE(5),
        channels: components === 1 ? 1 : components === 4 ? 4 : 3,
      };
    }
    offset += 2 + length;
  }
  return null;
}

function bmpInfo(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 30) return null;
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize === 12) {
    const bits = bytes.readUInt16LE(24);
    return { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20), channels: bits <= 8 ? 1 : 3 };
  }
  const bits = bytes.readUInt16LE(28);
  const compression = bytes.length >= 34 ? bytes.readUInt32LE(30) : 0;
  const hasAlphaMask = headerSize >= 56 && bytes.length >= 70 && compression === 3 && bytes.readUInt32LE(66) !== 0;
  const channels = bits <= 8 ? 1 : bits === 32 && hasAlphaMask ? 4 : 3;
  return { width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)), channels };
}

function webpInfo(bytes: Buffer): ImageInfo | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff, channels: 3 };
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    const hasAlpha = ((bits >>> 28) & 1) === 1;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, channels: hasAlpha ? 4 : 3 };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const hasAlpha = (bytes[20]! & 0x10) !== 0;
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1, channels: hasAlpha ? 4 : 3 };
  }
  return null;
}

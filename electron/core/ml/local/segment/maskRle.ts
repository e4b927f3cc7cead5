/*
 * A mask as Label Studio's brush RLE, the same bytes as the export code's maskToRle (every pixel's
 * value repeated in its four RGBA words, runs in the repeat form with the smallest size that holds
 * them, split at 65536), but computed from runs of pixels instead of one word at a time: a
 * megapixel mask is four million words and only a few thousand runs.
 */

class BitWriter {
  readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, count: number): void {
    for (let bit = count - 1; bit >= 0; bit -= 1) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** bit) & 1);
      this.used += 1;
      if (this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  /** Padded with 1-8 zero bits (a whole zero byte when aligned), as the Python encoder pads. */
  finish(): number[] {
    this.write(0, 8 - this.used);
    return this.bytes;
  }
}

function writeRun(bits: BitWriter, words: number, value: number): void {
  let length = words;
  while (length > 65536) {
    writeRepeat(bits, 3, 16, 65536, value);
    length -= 65536;
  }
  if (length <= 8) writeRepeat(bits, 0, 3, length, value);
  else if (length <= 16) writeRepeat(bits, 1, 4, length, value);
  else if (length <= 256) writeRepeat(bits, 2, 8, length, value);
  else writeRepeat(bits, 3, 16, length, value);
}

function writeRepeat(bits: BitWriter, sizeIndex: number, sizeBits: number, length: number, value: number): void {
  bits.write(1, 1);
  bits.write(sizeIndex, 2);
  bits.write(length - 1, sizeBits);
  bits.write(value, 8);
}

/** `mask` holds one byte a pixel (0-255), row-major. */
export function maskToBrushRle(mask: ArrayLike<number>): number[] {
  const bits = new BitWriter();
  bits.write(mask.length * 4, 32);
  bits.write(7, 5); // word size 8
  for (const size of [3, 4, 8, 16]) bits.write(size - 1, 4);
  let start = 0;
  while (start < mask.length) {
    const value = mask[start]!;
    let end = start + 1;
    while (end < mask.length && mask[end] === value) end += 1;
    writeRun(bits, (end - start) * 4, value);
    start = end;
  }
  return bits.finish();
}

/**
 * The Python converter's brush RLE encoder (`encode_rle`, `mask2rle`;
 * docs/export-image-formats.md#brush-rle), used by tests and imports. Single values become one-word
 * literals; runs use the repeat form with the smallest size index that holds them; runs over 65536
 * are split.
 */
export function encodeRle(words: ArrayLike<number>): number[] {
  return encodeRuns(words, 1);
}

/**
 * A mask (one byte per pixel, row-major) as Label Studio's RGBA RLE: each value repeated 4 times.
 * Encoded from the mask's runs, never expanded to its words: a megapixel mask is four million
 * words and a few thousand runs.
 */
export function maskToRle(mask: ArrayLike<number>): number[] {
  return encodeRuns(mask, 4);
}

/** `values` as words, each repeated `repeat` times. */
function encodeRuns(values: ArrayLike<number>, repeat: number): number[] {
  const bits = new BitWriter();
  bits.write(values.length * repeat, 32);
  bits.write(7, 5); // word size 8
  for (const size of [3, 4, 8, 16]) bits.write(size - 1, 4);
  let start = 0;
  while (start < values.length) {
    const value = values[start]!;
    let end = start + 1;
    while (end < values.length && values[end] === value) end += 1;
    writeWords(bits, (end - start) * repeat, value);
    start = end;
  }
  return bits.finish();
}

function writeWords(bits: BitWriter, count: number, value: number): void {
  if (count === 1) {
    bits.write(0, 1);
    bits.write(0, 2);
    bits.write(0, 3);
    bits.write(value, 8);
    return;
  }
  let length = count;
  while (length > 65536) {
    writeRun(bits, 3, 16, 65536, value);
    length -= 65536;
  }
  if (length <= 8) writeRun(bits, 0, 3, length, value);
  else if (length <= 16) writeRun(bits, 1, 4, length, value);
  else if (length <= 256) writeRun(bits, 2, 8, length, value);
  else writeRun(bits, 3, 16, length, value);
}

function writeRun(bits: BitWriter, sizeIndex: number, sizeBits: number, length: number, value: number): void {
  bits.write(1, 1);
  bits.write(sizeIndex, 2);
  bits.write(length - 1, sizeBits);
  bits.write(value, 8);
}

class BitWriter {
  private readonly bytes: number[] = [];
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

  /** The Python encoder always pads with 1-8 zero bits, a whole zero byte when aligned. */
  finish(): number[] {
    const pad = 8 - this.used;
    this.write(0, pad);
    return this.bytes;
  }
}

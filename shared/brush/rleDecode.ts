/**
 * Label Studio's brush RLE (the @thi.ng/rle-pack scheme, docs/export-image-formats.md#brush-rle): a
 * bit stream read MSB first. Header: 32 bits word count, 5 bits word size - 1, 4 x 4 bits
 * run-length sizes - 1. Body: 1 bit repeat flag, 2 bits size index, `size` bits count - 1, then one
 * word (repeat) or `count` literal words. Trailing pad bits are ignored.
 */

/** Why a brush RLE could not be decoded; the message names the problem for the export notes. */
export class RleDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RleDecodeError';
  }
}

class BitReader {
  private position = 0;
  private readonly totalBits: number;

  constructor(private readonly bytes: Uint8Array) {
    this.totalBits = bytes.length * 8;
  }

  /** The next `count` bits (count <= 32) as an unsigned number. */
  read(count: number): number {
    if (this.position + count > this.totalBits) {
      throw new RleDecodeError(
        `the stream ends early (bit ${this.position} of ${this.totalBits}, ${count} more wanted)`,
      );
    }
    let value = 0;
    let remaining = count;
    while (remaining > 0) {
      const byte = this.bytes[this.position >>> 3]!;
      const offset = this.position & 7;
      const available = 8 - offset;
      const take = available < remaining ? available : remaining;
      const bits = (byte >>> (available - take)) & ((1 << take) - 1);
      value = value * (1 << take) + bits;
      this.position += take;
      remaining -= take;
    }
    return value;
  }
}

/** The RLE's bytes, refusing anything that is not a list of integers 0..255. */
export function rleBytes(rle: unknown): Uint8Array {
  if (!Array.isArray(rle)) throw new RleDecodeError('"rle" is not a list of bytes');
  const bytes = new Uint8Array(rle.length);
  for (let index = 0; index < rle.length; index += 1) {
    const value: unknown = rle[index];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 255) {
      throw new RleDecodeError(`"rle" holds ${JSON.stringify(value)} at ${index}, not a byte`);
    }
    bytes[index] = value;
  }
  return bytes;
}

/**
 * Decodes a brush RLE into its words. `expectedWords` (W x H x 4 for a mask) is checked against
 * the header before anything is allocated, so a corrupt header cannot ask for gigabytes. Throws
 * RleDecodeError for a truncated stream, a literal run past the end, a word above 255, or a count
 * that does not match.
 */
export function decodeRle(bytes: Uint8Array, expectedWords?: number): Uint8Array {
  return decodeWords(bytes, expectedWords, false);
}

/**
 * Decodes a W x H brush RLE straight into its alpha channel (word 4p + 3 of pixel p), the mask
 * the converter keeps, without holding the four-times-larger RGBA words.
 */
export function decodeRleAlpha(bytes: Uint8Array, width: number, height: number): Uint8Array {
  return decodeWords(bytes, width * height * 4, true);
}

function decodeWords(bytes: Uint8Array, expectedWords: number | undefined, alphaOnly: boolean): Uint8Array {
  const input = new BitReader(bytes);
  const count = input.read(32);
  const wordSize = input.read(5) + 1;
  const runSizes = [input.read(4) + 1, input.read(4) + 1, input.read(4) + 1, input.read(4) + 1];
  if (expectedWords !== undefined && count !== expectedWords) {
    throw new RleDecodeError(`the header holds ${count} values where the image needs ${expectedWords}`);
  }
  const out = new Uint8Array(alphaOnly ? count >>> 2 : count);
  let index = 0;
  while (index < count) {
    const repeat = input.read(1);
    const end = index + 1 + input.read(runSizes[input.read(2)]!);
    if (repeat) {
      const word = checkedWord(input.read(wordSize));
      // The converter's slice assignment clips a run that overshoots the end.
      const stop = Math.min(end, count);
      if (alphaOnly) out.fill(word, Math.max(0, Math.ceil((index - 3) / 4)), Math.ceil((stop - 3) / 4));
      else out.fill(word, index, stop);
      index = end;
    } else {
      if (end > count) throw new RleDecodeError(`a literal run ends at ${end}, past the ${count} values`);
      for (; index < end; index += 1) {
        const word = checkedWord(input.read(wordSize));
        if (!alphaOnly) out[index] = word;
        else if ((index & 3) === 3) out[index >>> 2] = word;
      }
    }
  }
  return out;
}

function checkedWord(word: number): number {
  if (word > 255) throw new RleDecodeError(`a value of ${word} does not fit a mask byte`);
  return word;
}

/** Channel 3 (alpha) of decoded RGBA words: the mask the converter uses. */
export function alphaChannel(words: Uint8Array): Uint8Array {
  const mask = new Uint8Array(words.length >>> 2);
  for (let pixel = 0, word = 3; pixel < mask.length; pixel += 1, word += 4) mask[pixel] = words[word]!;
  return mask;
}

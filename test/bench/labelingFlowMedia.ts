import { encodeRgbPng } from '../helpers/labelingMedia.js';

/*
 * The 1-megapixel images the labeling flow bench labels: 1000x1000 RGB PNGs, each one different
 * (its own colours, stripes and grain), so no task's image is another's from the browser's cache.
 * The grain keeps them about a megabyte each, a heavy photo's weight, rather than the few kB a flat
 * drawing compresses to: transfer and decoding are part of what the annotator waits for.
 */

export const IMAGE_SIDE = 1000;

/** The `index`-th image: deterministic, distinct from every other index. */
export function flowImage(index: number, side = IMAGE_SIDE): Buffer {
  let seed = (index + 1) * 2654435761;
  const grain = () => {
    // xorshift32: cheap, repeatable noise.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) & 3;
  };
  const stripe = 20 + (index % 7) * 9;
  const raw = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y += 1) {
    const row = y * (1 + side * 3);
    for (let x = 0; x < side; x += 1) {
      const band = Math.floor((x + y * (index % 3)) / stripe) % 2;
      const at = row + 1 + x * 3;
      raw[at] = ((x * 200) / side + index * 37 + band * 40) & 255;
      raw[at + 1] = ((y * 200) / side + index * 71 + (x & 1 ? 0 : grain())) & 255;
      raw[at + 2] = (((x + y) * 100) / side + index * 13 + band * 60) & 255;
    }
  }
  return encodeRgbPng(side, side, raw, 1);
}

/** The file name of the `index`-th image. */
export function flowImageName(index: number): string {
  return `flow-${String(index).padStart(3, '0')}.png`;
}

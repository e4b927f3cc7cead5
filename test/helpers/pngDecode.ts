import { inflateSync } from 'node:zlib';

/** Decodes an 8-bit grayscale PNG (all five row filters) to its size and pixels, for tests. */
export function decodeGrayPng(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 0) throw new Error('not an 8-bit grayscale PNG');
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = new Uint8Array(width * height);
  for (let row = 0; row < height; row += 1) {
    const filter = raw[row * (width + 1)]!;
    for (let column = 0; column < width; column += 1) {
      const value = raw[row * (width + 1) + 1 + column]!;
      const left = column > 0 ? pixels[row * width + column - 1]! : 0;
      const up = row > 0 ? pixels[(row - 1) * width + column]! : 0;
      const upLeft = row > 0 && column > 0 ? pixels[(row - 1) * width + column - 1]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predictor = a <= b && a <= c ? left : b <= c ? up : upLeft;
      }
      pixels[row * width + column] = (value + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

import { pyAtan, pyCos, pySin } from './pyMath.js';

/**
 * Box and polygon arithmetic of the image converters, in the converter's operation order so the
 * last bit of each float matches (docs/export-formats.md#python-numbers-and-json-text).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * COCO's `rotated_rectangle`: the axis-aligned box around a rectangle rotated about its top-left
 * corner, computed in percent units (wrong for images that are not square, and reproduced:
 * docs/export-image-formats.md#coco). The converter divides by zero for a zero-width rotated box
 * and fails the export; here the geometric limit is used instead (alpha = pi/2, or a point when
 * both sides are zero).
 */
export function rotatedBoundingBox(x: number, y: number, width: number, height: number, rotation: number): Box {
  if (!(Math.abs(rotation) > 0)) return { x, y, width, height };
  const alpha = width === 0 ? (height === 0 ? 0 : Math.PI / 2) : pyAtan(height / width);
  const beta = Math.PI * (rotation / 180);
  const halfWidth = width / 2;
  const halfHeight = height / 2;
  const radius = Math.sqrt(halfWidth * halfWidth + halfHeight * halfHeight);
  const x0 = x - radius * (pyCos(Math.PI - alpha - beta) - pyCos(Math.PI - alpha)) + width / 2;
  const y0 = y + radius * (pySin(Math.PI - alpha - beta) - pySin(Math.PI - alpha)) + height / 2;
  const thetas = [alpha + beta, Math.PI - alpha + beta, Math.PI + alpha + beta, 2 * Math.PI - alpha + beta];
  const xs = thetas.map((theta) => x0 + radius * pyCos(theta));
  const ys = thetas.map((theta) => y0 + radius * pySin(theta));
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return { x: minX, y: minY, width: Math.max(...xs) - minX, height: Math.max(...ys) - minY };
}

/**
 * YOLO OBB corners, normalized: top-left, top-right, bottom-right, bottom-left of the rectangle
 * rotated clockwise on screen about its top-left corner, in pixels then divided by the image size.
 */
export function obbCorners(
  x: number,
  y: number,
  width: number,
  height: number,
  rotationDegrees: number,
  imageWidth: number,
  imageHeight: number,
): [number, number][] {
  const left = (x / 100) * imageWidth;
  const top = (y / 100) * imageHeight;
  const w = (width / 100) * imageWidth;
  const h = (height / 100) * imageHeight;
  // math.radians(x) is x * (pi / 180).
  const theta = rotationDegrees * (Math.PI / 180);
  const cos = pyCos(theta);
  const sin = pySin(theta);
  const corners: [number, number][] = [
    [left, top],
    [left + w * cos, top + w * sin],
    [left + w * cos - h * sin, top + w * sin + h * cos],
    [left - h * sin, top + h * cos],
  ];
  return corners.map(([cx, cy]) => [cx / imageWidth, cy / imageHeight]);
}

/** `[min x, min y, max x - min x, max y - min y]` of a polygon. */
export function polygonBoundingBox(xs: number[], ys: number[]): [number, number, number, number] {
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return [minX, minY, Math.max(...xs) - minX, Math.max(...ys) - minY];
}

/**
 * The shoelace area `0.5 * |x . roll(y, 1) - y . roll(x, 1)|`. The dot products are summed in
 * index order, as NumPy's BLAS does for fewer than 16 points; longer polygons may differ from the
 * converter in the last bit because BLAS then sums in blocks.
 */
export function polygonArea(xs: number[], ys: number[]): number {
  const count = xs.length;
  let first = 0;
  let second = 0;
  for (let index = 0; index < count; index += 1) {
    const previous = (index + count - 1) % count;
    first += xs[index]! * ys[previous]!;
    second += ys[index]! * xs[previous]!;
  }
  return 0.5 * Math.abs(first - second);
}

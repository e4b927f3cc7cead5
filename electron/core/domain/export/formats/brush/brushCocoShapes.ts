import { PyFloat } from '../../encode/pyFloat.js';
import { numberOf, roundHalfEven, type OutputValue } from '../image/imageItems.js';
import { boundingRect, contourArea, findExternalContours } from './findContours.js';
import { decodeRleAlpha, rleBytes, RleDecodeError } from '../../../../../../shared/brush/rleDecode.js';

/** One COCO shape before ids are given: segmentation, area and bbox as BRUSH_TO_COCO writes them. */
export interface CocoShape {
  segmentation: unknown[];
  area: number | PyFloat;
  bbox: (number | PyFloat)[];
}

/**
 * The outer contours of a brush mask as polygons (docs/export-image-formats.md#brush_to_coco): each
 * contour with at least 3 points gives `[[x1, y1, ...]]`, the inclusive bounding rect and
 * `int(contourArea)`. Throws RleDecodeError for an RLE that cannot be decoded at the value's size.
 */
export function brushShapes(value: OutputValue): CocoShape[] {
  const width = numberOf(value.original_width);
  const height = numberOf(value.original_height);
  if (width === null || height === null || !Number.isInteger(width) || !Number.isInteger(height)) {
    throw new RleDecodeError('the region has no usable original_width/original_height');
  }
  const mask = decodeRleAlpha(rleBytes(value.rle), width, height);
  const shapes: CocoShape[] = [];
  for (const contour of findExternalContours(mask, width, height)) {
    if (contour.length < 3) continue;
    shapes.push({
      segmentation: [contour.flat()],
      bbox: boundingRect(contour),
      area: Math.trunc(contourArea(contour)),
    });
  }
  return shapes;
}

/** A polygon rounded to pixels (half to even), its bounding rect and `int(contourArea)`. */
export function polygonShape(value: OutputValue): CocoShape {
  const width = numberOf(value.original_width) ?? 0;
  const height = numberOf(value.original_height) ?? 0;
  const points: [number, number][] = [];
  for (const point of Array.isArray(value.points) ? (value.points as unknown[]) : []) {
    if (!Array.isArray(point)) continue;
    const x = numberOf(point[0]);
    const y = numberOf(point[1]);
    if (x === null || y === null) continue;
    points.push([roundHalfEven((x * width) / 100), roundHalfEven((y * height) / 100)]);
  }
  return { segmentation: [points.flat()], bbox: boundingRect(points), area: Math.trunc(contourArea(points)) };
}

/** A rectangle as COCO's box (no rotation), with float bbox and area. */
export function rectangleShape(value: OutputValue): CocoShape | null {
  const x = numberOf(value.x);
  const y = numberOf(value.y);
  const w = numberOf(value.width);
  const h = numberOf(value.height);
  const width = numberOf(value.original_width);
  const height = numberOf(value.original_height);
  if (x === null || y === null || w === null || h === null || width === null || height === null) return null;
  const bx = (x * width) / 100;
  const by = (y * height) / 100;
  const bw = (w * width) / 100;
  const bh = (h * height) / 100;
  return {
    segmentation: [],
    area: new PyFloat(bw * bh),
    bbox: [new PyFloat(bx), new PyFloat(by), new PyFloat(bw), new PyFloat(bh)],
  };
}

import type { Polygon, Point } from './polygonGeometry.js';
import { numberField, type ResultItem } from './resultItem.js';

/*
 * Image regions as shapes. Label Studio stores them in percent of the image's width and height and
 * turns rectangles and ellipses by `rotation` degrees (clockwise on screen) in pixels, about the
 * rectangle's top-left corner or the ellipse's centre. Shapes are therefore drawn in pixels when
 * the result carries original_width/original_height, else as if the image were square (100 x 100);
 * IoU does not change when both axes are scaled, so only rotated shapes depend on that.
 */

/** An axis-aligned box, the exact shape of a rectangle with rotation 0. */
export interface Box {
  kind: 'box';
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PolygonShape {
  kind: 'polygon';
  points: Polygon;
}

export type Shape = Box | PolygonShape;

/*
 * An ellipse is intersected as a regular 256-gon whose radii are stretched by
 * sqrt((2π / 256) / sin(2π / 256)), so that its area is the ellipse's exactly; what remains is the
 * polygon's edge wandering less than 1e-4 of the radius either side of the curve, which moves an
 * IoU by far less than 1e-3 (the tests hold it to that).
 */
export const ELLIPSE_VERTICES = 256;
const AREA_KEEPING_STRETCH = Math.sqrt((2 * Math.PI) / ELLIPSE_VERTICES / Math.sin((2 * Math.PI) / ELLIPSE_VERTICES));

function scaleOf(result: ResultItem): { x: number; y: number } {
  const width = result.original_width;
  const height = result.original_height;
  if (typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0) {
    return { x: width / 100, y: height / 100 };
  }
  return { x: 1, y: 1 };
}

function turn(origin: Point, dx: number, dy: number, degrees: number): Point {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return [origin[0] + dx * cos - dy * sin, origin[1] + dx * sin + dy * cos];
}

/*
 * Which shape a result draws: by its type, or, for a separate Labels control on an image (type
 * 'labels', carrying the region's geometry beside its labels), by the fields of its value.
 */
export function shapeType(result: ResultItem): 'rectangle' | 'ellipse' | 'polygon' | undefined {
  const type = result.type.toLowerCase();
  for (const shape of ['rectangle', 'ellipse', 'polygon'] as const) if (type.startsWith(shape)) return shape;
  const value = result.value ?? {};
  if ('points' in value) return 'polygon';
  if ('radiusX' in value) return 'ellipse';
  if ('width' in value && 'height' in value) return 'rectangle';
  return undefined;
}

export function regionShape(result: ResultItem): Shape | undefined {
  const value = result.value;
  const scale = scaleOf(result);
  const type = shapeType(result);
  const rotation = numberField(value, 'rotation') ?? 0;
  const x = numberField(value, 'x');
  const y = numberField(value, 'y');
  if (type === 'rectangle') {
    const width = numberField(value, 'width');
    const height = numberField(value, 'height');
    if (x === undefined || y === undefined || width === undefined || height === undefined) return undefined;
    const [left, top, w, h] = [x * scale.x, y * scale.y, width * scale.x, height * scale.y];
    if (rotation === 0) return { kind: 'box', left, top, right: left + w, bottom: top + h };
    const corner: Point = [left, top];
    const points = [turn(corner, 0, 0, rotation), turn(corner, w, 0, rotation), turn(corner, w, h, rotation)];
    return { kind: 'polygon', points: [...points, turn(corner, 0, h, rotation)] };
  }
  if (type === 'ellipse') {
    const radiusX = numberField(value, 'radiusX');
    const radiusY = numberField(value, 'radiusY');
    if (x === undefined || y === undefined || radiusX === undefined || radiusY === undefined) return undefined;
    const centre: Point = [x * scale.x, y * scale.y];
    const points = Array.from({ length: ELLIPSE_VERTICES }, (_, i) => {
      const angle = (2 * Math.PI * i) / ELLIPSE_VERTICES;
      const [rx, ry] = [radiusX * scale.x * AREA_KEEPING_STRETCH, radiusY * scale.y * AREA_KEEPING_STRETCH];
      return turn(centre, rx * Math.cos(angle), ry * Math.sin(angle), rotation);
    });
    return { kind: 'polygon', points };
  }
  if (type === 'polygon') {
    const raw = value?.points;
    if (!Array.isArray(raw)) return undefined;
    const points = raw
      .filter((point): point is [number, number] => Array.isArray(point) && point.length >= 2)
      .map(([px, py]): Point => [Number(px) * scale.x, Number(py) * scale.y]);
    return points.length >= 3 && points.every(([px, py]) => Number.isFinite(px) && Number.isFinite(py))
      ? { kind: 'polygon', points }
      : undefined;
  }
  return undefined;
}

export function boxToPolygon(box: Box): Polygon {
  return [
    [box.left, box.top],
    [box.right, box.top],
    [box.right, box.bottom],
    [box.left, box.bottom],
  ];
}

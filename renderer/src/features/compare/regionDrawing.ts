import { numberField, regionShape, type ResultItem } from '../../../../shared/quality';

/*
 * An image region as SVG draws it over the image, in percent of the image's width and height
 * (the units Label Studio stores): the agreement measures' own shape (`regionShape`, which turns
 * rotated rectangles and ellipses into polygons in pixels) scaled back to percent.
 */

export type RegionDrawing =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'polygon'; points: Array<[number, number]> }
  | { kind: 'point'; x: number; y: number };

export function regionDrawing(result: ResultItem): RegionDrawing | undefined {
  const width = result.original_width;
  const height = result.original_height;
  const hasSize = typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0;
  const [sx, sy] = hasSize ? [width / 100, height / 100] : [1, 1];
  const shape = regionShape(result);
  if (shape?.kind === 'box') {
    const [x, y] = [shape.left / sx, shape.top / sy];
    return { kind: 'rect', x, y, width: shape.right / sx - x, height: shape.bottom / sy - y };
  }
  if (shape?.kind === 'polygon') {
    return { kind: 'polygon', points: shape.points.map(([px, py]): [number, number] => [px / sx, py / sy]) };
  }
  const x = numberField(result.value, 'x');
  const y = numberField(result.value, 'y');
  const isKeypoint = result.type.toLowerCase().startsWith('keypoint') || !('width' in (result.value ?? {}));
  return x !== undefined && y !== undefined && isKeypoint ? { kind: 'point', x, y } : undefined;
}

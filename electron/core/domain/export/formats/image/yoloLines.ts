import { obbCorners } from './boxGeometry.js';
import type { CategoryTable } from './categoryTable.js';
import { floatRepr } from './floatText.js';
import { numberOf, type OutputValue } from './imageItems.js';

const LABEL_KEYS = ['rectanglelabels', 'polygonlabels', 'labels'] as const;

/**
 * The lines of a YOLO (or YOLO OBB) label file for one item's values
 * (docs/export-image-formats.md#yolo, #yolo-obb): one line per label name of each box or polygon,
 * each ending in `\n`. Unknown names are appended to the category table.
 */
export function yoloLines(values: readonly OutputValue[], categories: CategoryTable, isObb: boolean): string {
  let text = '';
  for (const value of values) {
    const names: unknown[] = [];
    for (const key of LABEL_KEYS) {
      const list = value[key];
      if (Array.isArray(list) && list.length > 0) names.push(...list);
    }
    for (const name of names) {
      const categoryId = categories.idFor(String(name));
      let coordinates: number[] | null;
      if ('rectanglelabels' in value || 'rectangle' in value || 'labels' in value) {
        coordinates = isObb ? obbCoordinates(value) : boxCoordinates(value);
      } else {
        coordinates = polygonCoordinates(value);
      }
      if (coordinates) text += [String(categoryId), ...coordinates.map(floatRepr)].join(' ') + '\n';
    }
  }
  return text;
}

/** `c cx cy w h` with `cx = (x + w/2) / 100`; no image size needed, rotation ignored. */
function boxCoordinates(value: OutputValue): number[] | null {
  const x = numberOf(value.x);
  const y = numberOf(value.y);
  const w = numberOf(value.width);
  const h = numberOf(value.height);
  if (x === null || y === null || w === null || h === null) return null;
  return [(x + w / 2) / 100, (y + h / 2) / 100, w / 100, h / 100];
}

/**
 * The four corners; a value without a `rotation` key or without original dims is skipped, as the
 * converter does (imported predictions often lack `rotation`).
 */
function obbCoordinates(value: OutputValue): number[] | null {
  if (!('rotation' in value && 'original_width' in value && 'original_height' in value)) return null;
  const x = numberOf(value.x);
  const y = numberOf(value.y);
  const w = numberOf(value.width);
  const h = numberOf(value.height);
  const rotation = numberOf(value.rotation);
  const imageWidth = numberOf(value.original_width);
  const imageHeight = numberOf(value.original_height);
  if (x === null || y === null || w === null || h === null || rotation === null) return null;
  if (imageWidth === null || imageHeight === null) return null;
  return obbCorners(x, y, w, h, rotation, imageWidth, imageHeight).flat();
}

/** YOLO segmentation: every point divided by 100, no closing point. */
function polygonCoordinates(value: OutputValue): number[] | null {
  if (!Array.isArray(value.points)) return null;
  const coordinates: number[] = [];
  for (const point of value.points as unknown[]) {
    if (!Array.isArray(point)) return null;
    const px = numberOf(point[0]);
    const py = numberOf(point[1]);
    if (px === null || py === null) return null;
    coordinates.push(px / 100, py / 100);
  }
  return coordinates;
}

/**
 * YOLO-pose lines for a keypoint project: each rectangle with a known first label, then
 * `kx ky 2` per keypoint name in model_index order whose parentID is that rectangle (`0.0 0.0 0`
 * when absent). Lines are joined by `\n` with no trailing newline.
 */
export function yoloKeypointLines(
  values: readonly OutputValue[],
  categories: CategoryTable,
  order: readonly string[],
): string {
  const rectangles = new Map<unknown, { base: number[]; classId: number; keypoints: Map<string, [number, number]> }>();
  for (const value of values) {
    if (String(value.type).toLowerCase() !== 'rectanglelabels') continue;
    const labels = Array.isArray(value.rectanglelabels) ? value.rectanglelabels : [];
    if (labels.length === 0) continue;
    const classId = categories.get(String(labels[0]));
    if (classId === undefined) continue;
    const x = (numberOf(value.x) ?? NaN) / 100;
    const y = (numberOf(value.y) ?? NaN) / 100;
    const width = (numberOf(value.width) ?? NaN) / 100;
    const height = (numberOf(value.height) ?? NaN) / 100;
    if ([x, y, width, height].some(Number.isNaN)) continue;
    rectangles.set(value.id ?? null, {
      classId,
      base: [x + width / 2, y + height / 2, width, height],
      keypoints: new Map(),
    });
  }
  for (const value of values) {
    if (String(value.type).toLowerCase() !== 'keypointlabels') continue;
    const parent = rectangles.get(value.parentID ?? null);
    if (!parent) continue;
    const labels = Array.isArray(value.keypointlabels) ? value.keypointlabels : [];
    if (labels.length === 0) continue;
    const x = numberOf(value.x);
    const y = numberOf(value.y);
    if (x === null || y === null) continue;
    parent.keypoints.set(String(labels[0]), [x / 100, y / 100]);
  }
  const lines: string[] = [];
  for (const rectangle of rectangles.values()) {
    const parts = [String(rectangle.classId), ...rectangle.base.map(floatRepr)];
    for (const name of order) {
      const point = rectangle.keypoints.get(name);
      parts.push(...(point ? [floatRepr(point[0]), floatRepr(point[1]), '2'] : ['0.0', '0.0', '0']));
    }
    lines.push(parts.join(' '));
  }
  return lines.join('\n');
}

import { greedyMatch, matchedF1, type MatchedPair } from './regionMatching.js';
import { boxToPolygon, regionShape, type Shape } from './regionShapes.js';
import { intersectionArea, polygonArea } from './polygonGeometry.js';
import { numberField, regionLabels, sameLabels, type ResultItem } from './resultItem.js';

export interface RegionAgreement {
  /** The control's score: matched F1 (regions) or soft F1 (text spans), in [0, 1]. */
  score: number;
  matched: number;
  firstCount: number;
  secondCount: number;
  /** Mean IoU (spans, shapes) or closeness (keypoints) of the matched pairs; null when none matched. */
  meanMatchedScore: number | null;
}

export interface RegionOptions {
  /** Shapes: the IoU a pair needs to match. Default 0.5. */
  iouThreshold?: number;
  /** Keypoints: the distance, in percent of the image's width and height, within which two match. Default 2. */
  keypointDistance?: number;
}

function summarise(
  matches: ReadonlyArray<{ score: number }>,
  firstCount: number,
  secondCount: number,
  score: number,
): RegionAgreement {
  const total = matches.reduce((sum, match) => sum + match.score, 0);
  const meanMatchedScore = matches.length > 0 ? total / matches.length : null;
  return { score, matched: matches.length, firstCount, secondCount, meanMatchedScore };
}

function shapeArea(shape: Shape): number {
  return shape.kind === 'box' ? (shape.right - shape.left) * (shape.bottom - shape.top) : polygonArea(shape.points);
}

function bounds(shape: Shape): [number, number, number, number] {
  if (shape.kind === 'box') return [shape.left, shape.top, shape.right, shape.bottom];
  const xs = shape.points.map(([x]) => x);
  const ys = shape.points.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function shapeIou(first: Shape, second: Shape): number {
  // Far apart shapes skip the polygon intersection, the costly part with many ellipses.
  const [a, b] = [bounds(first), bounds(second)];
  if (a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1]) return 0;
  let overlap: number;
  if (first.kind === 'box' && second.kind === 'box') {
    const width = Math.min(first.right, second.right) - Math.max(first.left, second.left);
    const height = Math.min(first.bottom, second.bottom) - Math.max(first.top, second.top);
    overlap = width > 0 && height > 0 ? width * height : 0;
  } else {
    const a = first.kind === 'box' ? boxToPolygon(first) : first.points;
    const b = second.kind === 'box' ? boxToPolygon(second) : second.points;
    overlap = intersectionArea(a, b);
  }
  const union = shapeArea(first) + shapeArea(second) - overlap;
  return union > 0 ? overlap / union : 0;
}

/** Which of two annotators' shapes correspond: same labels, IoU at or above the threshold, best first. */
export function shapeMatches(first: ResultItem[], second: ResultItem[], options: RegionOptions = {}): MatchedPair[] {
  const threshold = options.iouThreshold ?? 0.5;
  const a = first.map((result) => ({ shape: regionShape(result), labels: regionLabels(result) }));
  const b = second.map((result) => ({ shape: regionShape(result), labels: regionLabels(result) }));
  return greedyMatch(
    a.length,
    b.length,
    (i, j) => {
      const [x, y] = [a[i]!, b[j]!];
      if (!x.shape || !y.shape || !sameLabels(x.labels, y.labels)) return undefined;
      return shapeIou(x.shape, y.shape);
    },
    (iou) => iou >= threshold && iou > 0,
  );
}

/** Rectangles, polygons and ellipses: matched F1 at the IoU threshold, with the matched pairs' mean IoU. */
export function shapeAgreement(
  first: ResultItem[],
  second: ResultItem[],
  options: RegionOptions = {},
): RegionAgreement {
  const matches = shapeMatches(first, second, options);
  return summarise(matches, first.length, second.length, matchedF1(matches.length, first.length, second.length));
}

/*
 * Keypoints: two points with the same labels match when they lie within `keypointDistance`
 * (percent units: x in percent of the width, y of the height). A pair's closeness is
 * 1 - distance / keypointDistance; the score is matched F1.
 */
export function keypointMatches(first: ResultItem[], second: ResultItem[], options: RegionOptions = {}): MatchedPair[] {
  const reach = options.keypointDistance ?? 2;
  return greedyMatch(
    first.length,
    second.length,
    (i, j) => {
      const [p, q] = [first[i]!, second[j]!];
      const [px, py, qx, qy] = [p, p, q, q].map((r, k) => numberField(r.value, k % 2 === 0 ? 'x' : 'y'));
      if ([px, py, qx, qy].some((c) => c === undefined) || !sameLabels(regionLabels(p), regionLabels(q))) {
        return undefined;
      }
      return 1 - Math.hypot(px! - qx!, py! - qy!) / reach;
    },
    (closeness) => closeness >= 0,
  );
}

export function keypointAgreement(
  first: ResultItem[],
  second: ResultItem[],
  options: RegionOptions = {},
): RegionAgreement {
  const matches = keypointMatches(first, second, options);
  return summarise(matches, first.length, second.length, matchedF1(matches.length, first.length, second.length));
}

/** A text (or audio, time series) span: character offsets, or the global offsets HyperText stores. */
export function spanOffsets(result: ResultItem): [number, number] | undefined {
  const global = result.value?.globalOffsets as Record<string, unknown> | undefined;
  const start = numberField(global, 'start') ?? numberField(result.value, 'start');
  const end = numberField(global, 'end') ?? numberField(result.value, 'end');
  return start !== undefined && end !== undefined && end > start ? [start, end] : undefined;
}

/*
 * Labelled spans: regions with the same labels are matched one to one by their character IoU
 * (overlap / union of the two offset ranges, any overlap at all), and the score is a soft F1,
 * 2 * (sum of matched IoUs) / (spans of one + spans of the other): identical spans count 1, a span
 * half covered counts its IoU, an unmatched span 0.
 */
export function spanMatches(first: ResultItem[], second: ResultItem[]): MatchedPair[] {
  return greedyMatch(
    first.length,
    second.length,
    (i, j) => {
      const [a, b] = [spanOffsets(first[i]!), spanOffsets(second[j]!)];
      if (!a || !b || !sameLabels(regionLabels(first[i]!), regionLabels(second[j]!))) return undefined;
      const overlap = Math.min(a[1], b[1]) - Math.max(a[0], b[0]);
      return overlap > 0 ? overlap / (Math.max(a[1], b[1]) - Math.min(a[0], b[0])) : 0;
    },
    (iou) => iou > 0,
  );
}

export function spanAgreement(first: ResultItem[], second: ResultItem[]): RegionAgreement {
  const matches = spanMatches(first, second);
  const total = first.length + second.length;
  const soft = total === 0 ? 1 : (2 * matches.reduce((sum, match) => sum + match.score, 0)) / total;
  return summarise(matches, first.length, second.length, soft);
}

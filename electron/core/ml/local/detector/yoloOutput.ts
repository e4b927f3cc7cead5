/*
 * Reading a YOLO-family detector's output tensor into boxes. Two layouts are in use:
 * - YOLOv8/v11: `[1, 4 + classes, N]`, one column per candidate: cx, cy, w, h (input pixels),
 *   then one score per class. A segmenter (`-seg`) adds mask coefficients after the scores.
 * - YOLOv5: `[1, N, 5 + classes]`, one row per candidate: cx, cy, w, h, objectness, then class
 *   scores that the objectness multiplies.
 * Candidates under the score threshold are dropped, then non-maximum suppression keeps, per
 * class, the best of boxes that overlap by more than the IoU limit.
 */

export type YoloLayout = 'yolov8' | 'yolov5';

export interface OutputLayout {
  layout: YoloLayout;
  classes: number;
  candidates: number;
  /** Values per candidate after the class scores: a segmenter's mask coefficients (segmenterMasks.ts). */
  extra: number;
}

export interface Detection {
  /** Corners in the model's input pixels. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  classIndex: number;
  score: number;
  /** Which candidate of the output it is (a segmenter's mask coefficients are read from it). */
  candidate?: number;
}

export interface DecodeOptions {
  scoreThreshold: number;
  iouThreshold: number;
  maxDetections: number;
}

export const DEFAULT_DECODE: DecodeOptions = { scoreThreshold: 0.25, iouThreshold: 0.45, maxDetections: 300 };

/**
 * Which layout a `[1, a, b]` output has. The class count decides when it is known (from the
 * model's names); otherwise the shorter side holds the per-candidate values, as every YOLO export
 * has far more candidates than values per candidate. `maskCoefficients` is what a segmenter's
 * second output says its masks take. Null (with the reason) when it fits neither layout.
 */
export function outputLayoutOf(
  dims: readonly number[],
  knownClasses: number | null,
  maskCoefficients = 0,
): OutputLayout | string {
  const shape = `[${dims.join(', ')}]`;
  if (dims.length !== 3 || dims[0] !== 1) {
    return `its output is ${shape}; a YOLO detector's is [1, 4 + classes, candidates] (YOLOv8/v11) or [1, candidates, 5 + classes] (YOLOv5)`;
  }
  const [, a, b] = dims as [number, number, number];
  const v8Classes = a - 4 - maskCoefficients;
  const v5Classes = b - 5 - maskCoefficients;
  const v8: OutputLayout = { layout: 'yolov8', classes: v8Classes, candidates: b, extra: maskCoefficients };
  const v5: OutputLayout = { layout: 'yolov5', classes: v5Classes, candidates: a, extra: maskCoefficients };
  if (knownClasses !== null) {
    if (v8Classes === knownClasses) return v8;
    if (v5Classes === knownClasses) return v5;
    return `its output is ${shape}, which does not hold ${knownClasses} classes in either YOLO layout ([1, ${4 + knownClasses + maskCoefficients}, candidates] or [1, candidates, ${5 + knownClasses + maskCoefficients}])`;
  }
  if (a <= b && v8Classes >= 1) return v8;
  if (a > b && v5Classes >= 1) return v5;
  return `its output is ${shape}, which holds no class scores in either YOLO layout`;
}

function iou(first: Detection, second: Detection): number {
  const width = Math.min(first.x2, second.x2) - Math.max(first.x1, second.x1);
  const height = Math.min(first.y2, second.y2) - Math.max(first.y1, second.y1);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  const area = (box: Detection) => (box.x2 - box.x1) * (box.y2 - box.y1);
  return overlap / (area(first) + area(second) - overlap);
}

/** Greedy non-maximum suppression within each class, best score first. */
export function suppressOverlaps(detections: Detection[], options: DecodeOptions): Detection[] {
  const sorted = [...detections].sort((first, second) => second.score - first.score);
  const kept: Detection[] = [];
  for (const candidate of sorted) {
    if (kept.length >= options.maxDetections) break;
    const overlapped = kept.some(
      (box) => box.classIndex === candidate.classIndex && iou(box, candidate) > options.iouThreshold,
    );
    if (!overlapped) kept.push(candidate);
  }
  return kept;
}

/** The output's boxes over the threshold, after suppression, best first. */
export function decodeYoloOutput(
  data: Float32Array,
  layout: OutputLayout,
  options: DecodeOptions = DEFAULT_DECODE,
): Detection[] {
  const { candidates, classes } = layout;
  const stride = layout.layout === 'yolov8' ? 4 + classes + layout.extra : 5 + classes + layout.extra;
  // YOLOv8 stores value v of candidate n at v * candidates + n; YOLOv5 at n * stride + v.
  const at =
    layout.layout === 'yolov8'
      ? (n: number, v: number) => data[v * candidates + n] ?? 0
      : (n: number, v: number) => data[n * stride + v] ?? 0;
  const firstScore = layout.layout === 'yolov8' ? 4 : 5;
  const found: Detection[] = [];
  for (let n = 0; n < candidates; n += 1) {
    const objectness = layout.layout === 'yolov5' ? at(n, 4) : 1;
    if (objectness < options.scoreThreshold) continue;
    let best = -1;
    let bestScore = -Infinity;
    for (let c = 0; c < classes; c += 1) {
      const score = at(n, firstScore + c);
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    const score = bestScore * objectness;
    if (best < 0 || !(score >= options.scoreThreshold)) continue;
    const [cx, cy, w, h] = [at(n, 0), at(n, 1), at(n, 2), at(n, 3)];
    if (!(w > 0 && h > 0)) continue;
    found.push({
      x1: cx - w / 2,
      y1: cy - h / 2,
      x2: cx + w / 2,
      y2: cy + h / 2,
      classIndex: best,
      score,
      candidate: n,
    });
  }
  return suppressOverlaps(found, options);
}

import { randomUUID } from 'node:crypto';
import type { ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import { maskToRle } from '../../../domain/export/formats/brush/rleEncode.js';
import type { RgbImage } from '../image/imagePixels.js';
import { loadOpenCv } from '../segment/openCv.js';
import { maskPolygon } from '../segment/segmentMasks.js';
import type { DetectedImage } from './detectorModel.js';
import { toImagePercent } from './letterbox.js';
import type { Detection } from './yoloOutput.js';

/*
 * What the detector predicts for each control of the config that draws on an Image: a
 * RectangleLabels gets each detection's box; with a segmenter, a BrushLabels gets its mask in
 * Label Studio's brush RLE and a PolygonLabels its mask's largest outline, simplified (the same
 * encodings as click-to-segment's answers), all in the config's label for the detection's class.
 */

export type DetectionResultType = 'rectanglelabels' | 'brushlabels' | 'polygonlabels';

export interface DetectionTarget {
  name: string;
  type: DetectionResultType;
  toName: string;
  dataKey: string;
  /** The config's labels; empty when they are dynamic (then the class names are used as they are). */
  labels: string[];
}

const RESULT_TYPES: Readonly<Record<string, DetectionResultType>> = {
  RectangleLabels: 'rectanglelabels',
  BrushLabels: 'brushlabels',
  PolygonLabels: 'polygonlabels',
};

/** The controls a detector answers; brushes and polygons only when it is a segmenter. */
export function detectionTargetsOf(parsed: ParsedLabelConfig, isSegmenter = false): DetectionTarget[] {
  return Object.entries(parsed).flatMap(([name, control]) => {
    const type = RESULT_TYPES[control.type];
    const image = control.inputs.find((input) => input.type === 'Image' && input.value);
    if (!type || !image?.value || (type !== 'rectanglelabels' && !isSegmenter)) return [];
    const toName = control.to_name[0] ?? '';
    return [{ name, type, toName, dataKey: image.value, labels: control.dynamic_labels ? [] : control.labels }];
  });
}

const regionId = () => randomUUID().replaceAll('-', '').slice(0, 10);
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The region one detection gives the target, or null when nothing of it is on the image. */
export async function detectionRegion(
  target: DetectionTarget,
  box: Detection,
  label: string,
  detected: DetectedImage,
  image: RgbImage,
): Promise<Record<string, unknown> | null> {
  const common = {
    id: regionId(),
    from_name: target.name,
    to_name: target.toName,
    type: target.type,
    original_width: image.width,
    original_height: image.height,
    image_rotation: 0,
    score: round4(box.score),
  };
  if (target.type === 'rectanglelabels') {
    const rectangle = toImagePercent(box, detected.frame, image);
    return rectangle && { ...common, value: { ...rectangle, rotation: 0, rectanglelabels: [label] } };
  }
  const mask = detected.maskOf?.(box);
  if (!mask || !mask.includes(1)) return null;
  if (target.type === 'brushlabels') {
    // A plain loop: typed-array map with a callback costs as much as the mask itself on a photo.
    const alpha = new Uint8Array(mask.length);
    for (let index = 0; index < mask.length; index += 1) if (mask[index] !== 0) alpha[index] = 255;
    return { ...common, value: { format: 'rle', rle: maskToRle(alpha), brushlabels: [label] } };
  }
  const { cv } = await loadOpenCv();
  const points = maskPolygon(cv, mask, image.width, image.height);
  if (points.length < 3) return null;
  const percent = (value: number, side: number) => round4((value / side) * 100);
  return {
    ...common,
    value: {
      points: points.map((point) => [percent(point.x, image.width), percent(point.y, image.height)]),
      closed: true,
      polygonlabels: [label],
    },
  };
}

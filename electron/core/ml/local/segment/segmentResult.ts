import { randomUUID } from 'node:crypto';
import { maskToRle } from '../../../domain/export/formats/brush/rleEncode.js';
import type { SegmentConfig } from './segmentConfig.js';
import { maskPolygon } from './segmentMasks.js';
import type { OpenCv } from './openCv.js';

/*
 * A mask as the result item the editor shows: a BrushLabels region in Label Studio's brush RLE
 * (RGBA words, the mask's value in all four), or for a PolygonLabels config its largest outline
 * simplified, in percent of the image.
 */

/** The prompt's label when the output control has it (or takes any), else the output's first label. */
export function outputLabel(config: SegmentConfig, promptLabel: string | null): string | null {
  const labels = config.output.labels;
  if (promptLabel !== null && (labels.length === 0 || labels.includes(promptLabel))) return promptLabel;
  return labels[0] ?? promptLabel;
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;

export function maskResult(
  cv: OpenCv,
  config: SegmentConfig,
  mask: Uint8Array,
  size: { width: number; height: number },
  label: string | null,
): Record<string, unknown> | null {
  const labels = label === null ? [] : [label];
  const common = {
    id: randomUUID().slice(0, 10),
    from_name: config.output.name,
    to_name: config.toName,
    type: config.output.type,
    original_width: size.width,
    original_height: size.height,
    image_rotation: 0,
  };
  if (config.output.type === 'brushlabels') {
    const alpha = mask.map((value) => (value === 0 ? 0 : 255));
    return { ...common, value: { format: 'rle', rle: maskToRle(alpha), brushlabels: labels } };
  }
  const points = maskPolygon(cv, mask, size.width, size.height);
  if (points.length < 3) return null;
  return {
    ...common,
    value: {
      points: points.map((point) => [round((point.x / size.width) * 100), round((point.y / size.height) * 100)]),
      closed: true,
      polygonlabels: labels,
    },
  };
}

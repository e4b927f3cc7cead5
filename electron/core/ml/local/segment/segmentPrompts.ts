import { decodeRleAlpha, rleBytes } from '../../../../../shared/brush/rleDecode.js';
import type { SegmentConfig } from './segmentConfig.js';
import type { PixelBox, PixelPoint } from './segmentMasks.js';

/*
 * What the user drew with Auto-Annotation on, read from the editor's context
 * (`context.result`, the smart regions as result items with their values in percent of the
 * image): boxes, points that add (positive) or remove (negative) and, when the context carries
 * one, the mask answered before, which negative points then cut into.
 */

export interface Prompts {
  boxes: PixelBox[];
  positive: PixelPoint[];
  negative: PixelPoint[];
  /** A brush mask of the same image in the context (1 inside), the answer negative points refine. */
  previous: Uint8Array | null;
  /** The label of the last positive prompt, as the user chose it. */
  label: string | null;
}

type Item = Record<string, unknown> & { value?: Record<string, unknown> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const percentOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function labelOf(item: Item): string | null {
  const type = typeof item.type === 'string' ? item.type : '';
  const labels = item.value?.[type];
  return Array.isArray(labels) && typeof labels[0] === 'string' ? labels[0] : null;
}

/**
 * Label Studio's editor marks a point made with the negative modifier `is_positive: false`;
 * configs also name a label for it ("negative", "Background -"), which counts the same.
 */
function isNegative(item: Item): boolean {
  if (item.is_positive === false || item.is_positive === 0) return true;
  return /negative/i.test(labelOf(item) ?? '');
}

function previousMask(item: Item, width: number, height: number): Uint8Array | null {
  if (item.value?.format !== 'rle') return null;
  try {
    const alpha = decodeRleAlpha(rleBytes(item.value.rle), width, height);
    return alpha.map((value) => (value > 0 ? 1 : 0));
  } catch {
    return null; // a mask of another size or a damaged one is no previous answer
  }
}

export function readPrompts(context: unknown, config: SegmentConfig, width: number, height: number): Prompts {
  const prompts: Prompts = { boxes: [], positive: [], negative: [], previous: null, label: null };
  const items = isObject(context) && Array.isArray(context.result) ? context.result : [];
  for (const raw of items) {
    if (!isObject(raw) || !isObject(raw.value) || raw.to_name !== config.toName) continue;
    const item = raw as Item;
    const value = item.value!;
    const [x, y] = [percentOf(value.x), percentOf(value.y)];
    const type = String(item.type ?? '');
    if (type === config.output.type && item.from_name === config.output.name && config.output.type === 'brushlabels') {
      prompts.previous = previousMask(item, width, height) ?? prompts.previous;
      continue;
    }
    if (x === null || y === null) continue;
    const at = { x: (x / 100) * width, y: (y / 100) * height };
    if (type === 'rectanglelabels' || type === 'rectangle') {
      const [boxWidth, boxHeight] = [percentOf(value.width), percentOf(value.height)];
      if (boxWidth === null || boxHeight === null) continue;
      prompts.boxes.push({ ...at, width: (boxWidth / 100) * width, height: (boxHeight / 100) * height });
      prompts.label = labelOf(item) ?? prompts.label;
    } else if (type === 'keypointlabels' || type === 'keypoint') {
      if (isNegative(item)) prompts.negative.push(at);
      else {
        prompts.positive.push(at);
        prompts.label = labelOf(item) ?? prompts.label;
      }
    }
  }
  return prompts;
}

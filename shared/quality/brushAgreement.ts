import { decodeRleAlpha, rleBytes } from '../brush/rleDecode.js';
import { greedyMatch, matchedF1, type MatchedPair } from './regionMatching.js';
import type { RegionAgreement, RegionOptions } from './regionAgreement.js';
import { regionLabels, sameLabels, type ResultItem } from './resultItem.js';

/*
 * Brush regions: each result's RLE decoded to its mask (a pixel is in it when its alpha is not 0),
 * two regions with the same labels matched by the IoU of their masks, as shapes are, and the
 * score the matched F1. Masks of different sizes (the image's size as each annotator's editor saw
 * it) cannot be compared pixel by pixel and do not match; a result whose RLE does not decode
 * counts as a region that matches nothing.
 */

interface BrushMask {
  width: number;
  height: number;
  /** Indices of the mask's pixels, ascending. */
  pixels: Uint32Array;
}

const isSize = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

function brushMask(result: ResultItem): BrushMask | undefined {
  const [width, height] = [result.original_width, result.original_height];
  if (!isSize(width) || !isSize(height) || result.value?.format !== 'rle') return undefined;
  try {
    const alpha = decodeRleAlpha(rleBytes(result.value.rle), width, height);
    const inside: number[] = [];
    for (let index = 0; index < alpha.length; index += 1) if (alpha[index] !== 0) inside.push(index);
    return { width, height, pixels: Uint32Array.from(inside) };
  } catch {
    return undefined;
  }
}

/** IoU of two masks of one size, by walking their sorted pixel lists together. */
export function maskIou(first: BrushMask, second: BrushMask): number {
  if (first.width !== second.width || first.height !== second.height) return 0;
  let [i, j, shared] = [0, 0, 0];
  while (i < first.pixels.length && j < second.pixels.length) {
    const [a, b] = [first.pixels[i]!, second.pixels[j]!];
    if (a === b) shared += 1;
    if (a <= b) i += 1;
    if (b <= a) j += 1;
  }
  const union = first.pixels.length + second.pixels.length - shared;
  return union > 0 ? shared / union : 0;
}

export function brushMatches(first: ResultItem[], second: ResultItem[], options: RegionOptions = {}): MatchedPair[] {
  const threshold = options.iouThreshold ?? 0.5;
  const a = first.map((result) => ({ mask: brushMask(result), labels: regionLabels(result) }));
  const b = second.map((result) => ({ mask: brushMask(result), labels: regionLabels(result) }));
  return greedyMatch(
    a.length,
    b.length,
    (i, j) => {
      const [x, y] = [a[i]!, b[j]!];
      if (!x.mask || !y.mask || !sameLabels(x.labels, y.labels)) return undefined;
      return maskIou(x.mask, y.mask);
    },
    (iou) => iou >= threshold && iou > 0,
  );
}

export function brushAgreement(
  first: ResultItem[],
  second: ResultItem[],
  options: RegionOptions = {},
): RegionAgreement {
  const matches = brushMatches(first, second, options);
  const total = matches.reduce((sum, match) => sum + match.score, 0);
  return {
    score: matchedF1(matches.length, first.length, second.length),
    matched: matches.length,
    firstCount: first.length,
    secondCount: second.length,
    meanMatchedScore: matches.length > 0 ? total / matches.length : null,
  };
}

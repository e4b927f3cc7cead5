import { ImageDecodeError, type RgbImage } from '../image/imagePixels.js';
import { loadOpenCv, type OpenCv } from './openCv.js';
import { SEGMENTS_ON_REQUEST, type SegmentConfig } from './segmentConfig.js';
import { boxMask, pointRegion } from './segmentMasks.js';
import { readPrompts, type Prompts } from './segmentPrompts.js';
import { maskResult, outputLabel } from './segmentResult.js';
import { readTaskImage } from './taskImage.js';

/*
 * The segmenting itself, run in the image worker (imageWorker/): the image file the server's
 * thread resolved, the editor's regions as prompts, and the one region that answers them, or the
 * refusal in words the editor shows.
 */

export interface SegmentJob {
  path: string;
  config: SegmentConfig;
  /** The editor's context: its regions, the prompts among them. */
  context: unknown;
}

export type SegmentAnswer = { item: Record<string, unknown> } | { refusal: string };

function combinedMask(cv: OpenCv, image: RgbImage, prompts: Prompts): Uint8Array | null {
  const seeds = { positive: prompts.positive, negative: prompts.negative };
  // The last box is the object asked about; points inside it refine it as hard seeds.
  const box = prompts.boxes.at(-1);
  if (box) return boxMask(cv, image, box, seeds);
  if (prompts.positive.length === 0 && prompts.previous === null) return null;
  const mask = prompts.previous ? Uint8Array.from(prompts.previous) : new Uint8Array(image.width * image.height);
  for (const point of prompts.positive) {
    const region = pointRegion(cv, image, point);
    for (let index = 0; index < mask.length; index += 1) mask[index] = mask[index]! | region[index]!;
  }
  for (const point of prompts.negative) {
    const region = pointRegion(cv, image, point);
    for (let index = 0; index < mask.length; index += 1) if (region[index]) mask[index] = 0;
  }
  return mask;
}

export async function segmentImage({ path, config, context }: SegmentJob): Promise<SegmentAnswer> {
  try {
    const image = await readTaskImage(path);
    const { cv } = await loadOpenCv();
    const prompts = readPrompts(context, config, image.width, image.height);
    const mask = combinedMask(cv, image, prompts);
    if (mask === null) return { refusal: `Draw a box or a positive point on the object first. ${SEGMENTS_ON_REQUEST}` };
    if (!mask.includes(1)) return { refusal: 'Found no object there: try a box around it, or a point on its inside.' };
    const item = maskResult(cv, config, mask, image, outputLabel(config, prompts.label));
    return item ? { item } : { refusal: 'Found no object there: the region is too small for a polygon.' };
  } catch (error) {
    if (error instanceof ImageDecodeError)
      return { refusal: `The built-in model could not read this task's image: ${error.message}.` };
    const reason = error instanceof Error ? error.message : String(error);
    return { refusal: `The built-in model could not segment this image: ${reason}` };
  }
}

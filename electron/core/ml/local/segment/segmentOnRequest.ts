import { findProjectById } from '../../../db/repos/projectsRepo.js';
import type { ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import type { MlDeps } from '../../mlDeps.js';
import type { ModelCallResult, PredictRequest } from '../../modelServer.js';
import { loadOpenCv } from './openCv.js';
import { segmentConfigOf, type SegmentConfig } from './segmentConfig.js';
import { boxMask, pointRegion } from './segmentMasks.js';
import { readPrompts, type Prompts } from './segmentPrompts.js';
import { maskResult, outputLabel } from './segmentResult.js';
import { readTaskImage } from './taskImage.js';
import { ImageDecodeError, type RgbImage } from '../image/imagePixels.js';
import type { OpenCv } from './openCv.js';

/*
 * Click-to-segment: the built-in model's answer to an interactive request on an image config. A
 * box becomes the object's mask, positive points grow regions, negative points cut theirs out;
 * the answer is one BrushLabels or PolygonLabels region. Nothing is learned or stored. Every
 * failure is a refusal in words (the caller shows it to the user), never an exception.
 */

export const SEGMENT_MODEL_VERSION = 'click-to-segment';

export const SEGMENTS_ON_REQUEST =
  'The built-in model segments images on request only: with Auto-Annotation on, draw a smart box or point ' +
  'on the image and it answers with the object under it.';

const refuse = (error: string): ModelCallResult => ({ ok: false, status: 422, error });

/** The project's segmentation setup, or null. */
export function segmentConfigFor(deps: MlDeps, project: number): SegmentConfig | null {
  const row = findProjectById(deps.db, project);
  if (!row) return null;
  return segmentConfigOf(row.label_config, JSON.parse(row.parsed_label_config) as ParsedLabelConfig);
}

/** Whether a predict request carries the editor's regions (an interactive request). */
export function hasContext(request: PredictRequest): boolean {
  const context = request.params.context as { result?: unknown } | null;
  return Array.isArray(context?.result) && context.result.length > 0;
}

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

export async function segmentOnRequest(
  deps: MlDeps,
  project: number,
  config: SegmentConfig,
  request: PredictRequest,
): Promise<ModelCallResult> {
  const url = (request.tasks[0]?.data as Record<string, unknown> | undefined)?.[config.dataKey];
  if (typeof url !== 'string' || url === '') return refuse(`The task has no image in "${config.dataKey}".`);
  const path = deps.resolveTaskMedia?.(project, url) ?? null;
  if (path === null) {
    return refuse(
      `The built-in model reads images uploaded here, in a local-files storage or synced from a remote; it cannot read ${url}.`,
    );
  }
  try {
    const image = await readTaskImage(path);
    const { cv } = await loadOpenCv();
    const prompts = readPrompts(request.params.context, config, image.width, image.height);
    const mask = combinedMask(cv, image, prompts);
    if (mask === null) return refuse(`Draw a box or a positive point on the object first. ${SEGMENTS_ON_REQUEST}`);
    if (!mask.includes(1)) return refuse('Found no object there: try a box around it, or a point on its inside.');
    const item = maskResult(cv, config, mask, image, outputLabel(config, prompts.label));
    if (!item) return refuse('Found no object there: the region is too small for a polygon.');
    return {
      ok: true,
      status: 200,
      body: {
        results: [{ result: [item], model_version: SEGMENT_MODEL_VERSION }],
        model_version: SEGMENT_MODEL_VERSION,
      },
    };
  } catch (error) {
    if (error instanceof ImageDecodeError)
      return refuse(`The built-in model could not read this task's image: ${error.message}.`);
    const reason = error instanceof Error ? error.message : String(error);
    return refuse(`The built-in model could not segment this image: ${reason}`);
  }
}

import { findProjectById } from '../../../db/repos/projectsRepo.js';
import type { ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import type { MlDeps } from '../../mlDeps.js';
import type { ModelCallResult, PredictRequest } from '../../modelServer.js';
import { runImageJob } from '../imageWorker/imageWorker.js';
import { segmentConfigOf, type SegmentConfig } from './segmentConfig.js';

/*
 * Click-to-segment: the built-in model's answer to an interactive request on an image config. A
 * box becomes the object's mask, positive points grow regions, negative points cut theirs out;
 * the answer is one BrushLabels or PolygonLabels region. Nothing is learned or stored. The
 * segmenting runs in the image worker (segmentImage.ts), so the server's thread goes on answering
 * while it works. Every failure is a refusal in words (the caller shows it to the user), never an
 * exception.
 */

export const SEGMENT_MODEL_VERSION = 'click-to-segment';

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
  let answer;
  try {
    answer = await runImageJob({ kind: 'segment', job: { path, config, context: request.params.context } });
  } catch (error) {
    return refuse(`The built-in model could not segment this image: ${(error as Error).message}`);
  }
  if ('refusal' in answer) return refuse(answer.refusal);
  return {
    ok: true,
    status: 200,
    body: {
      results: [{ result: [answer.item], model_version: SEGMENT_MODEL_VERSION }],
      model_version: SEGMENT_MODEL_VERSION,
    },
  };
}

import type { ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import { findProjectById } from '../../../db/repos/projectsRepo.js';
import type { MlDeps } from '../../mlDeps.js';
import type { ModelCallResult, ModelServer } from '../../modelServer.js';
import { ocrConfigOf, type OcrConfig } from './ocrConfig.js';
import { OCR_MODEL_VERSION, predictOcrTask, type OcrTaskAnswer } from './ocrPredictions.js';

/*
 * The built-in model's OCR skill behind the model server calls: a project whose config asks for
 * OCR is served by Tesseract, which needs no training, so it is ready as soon as it is connected.
 * Tasks whose image cannot be read get their own error; when no task of a call could be read
 * the call is refused with the reasons, so a single test prediction says what went wrong.
 */

const answer = (status: number, body: unknown): ModelCallResult => ({ ok: true, status, body });

/** The OCR reading of a project's current config, or null when it does not ask for OCR. */
export function projectOcrConfig(deps: MlDeps, project: number): OcrConfig | null {
  const row = findProjectById(deps.db, project);
  if (!row) return null;
  return ocrConfigOf(row.label_config, JSON.parse(row.parsed_label_config) as ParsedLabelConfig);
}

function refusalOf(answers: readonly OcrTaskAnswer[]): ModelCallResult | null {
  const errors = answers.flatMap((item) => ('error' in item ? [item.error] : []));
  if (answers.length === 0 || errors.length < answers.length) return null;
  const distinct = [...new Set(errors)];
  const shown = distinct.slice(0, 3).join('; ');
  const more = distinct.length > 3 ? ` (and ${distinct.length - 3} more reasons)` : '';
  return { ok: false, status: 422, error: `The built-in model could not read the task's image: ${shown}${more}.` };
}

/** The OCR skill's server for a project, or null when its config does not ask for OCR. */
export function createOcrModelServer(deps: MlDeps, project: number): ModelServer | null {
  const config = projectOcrConfig(deps, project);
  if (!config) return null;
  return {
    async health() {
      return answer(200, { status: 'UP', model_class: 'OutpostLocalModel' });
    },
    async setup() {
      return answer(200, { model_version: OCR_MODEL_VERSION });
    },
    async predict(request, signal) {
      const results: OcrTaskAnswer[] = [];
      for (const task of request.tasks) {
        if (signal?.aborted) break;
        results.push(await predictOcrTask(deps, config, task));
      }
      return refusalOf(results) ?? answer(200, { results, model_version: OCR_MODEL_VERSION });
    },
    async webhook() {
      // Nothing to learn: Tesseract reads text as it is.
      return answer(200, {});
    },
    async versions() {
      return answer(200, { versions: [OCR_MODEL_VERSION] });
    },
  };
}

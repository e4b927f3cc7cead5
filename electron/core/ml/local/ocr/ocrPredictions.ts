import { randomUUID } from 'node:crypto';
import type { MlDeps } from '../../mlDeps.js';
import type { OcrConfig } from './ocrConfig.js';
import { OcrFailure, recognizeImage } from './ocrEngine.js';
import type { OcrLine, OcrPage } from './ocrLines.js';
import { readTaskImage } from './taskImage.js';

/*
 * OCR pre-labels in the shape Label Studio's own OCR backends answer: per text line one region,
 * written as several results that share its id (the shape, its label where the config has a
 * separate Labels, and the per-region TextArea with the transcription), each carrying the
 * region's geometry in percent of the image and the image's size in pixels.
 */

export const OCR_MODEL_VERSION = 'local-ocr-tesseract';

/** Lines Tesseract is this unsure of are mostly noise read as letters: they are left out. */
const MIN_LINE_CONFIDENCE = 0.4;

export type OcrTaskAnswer =
  { result: Record<string, unknown>[]; score: number; model_version: string } | { error: string };

const round = (value: number) => Math.round(value * 1e4) / 1e4;

function regionId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 10);
}

function geometry(config: OcrConfig, line: OcrLine, page: OcrPage): Record<string, unknown> {
  const x = round((line.left / page.width) * 100);
  const y = round((line.top / page.height) * 100);
  const width = round((line.width / page.width) * 100);
  const height = round((line.height / page.height) * 100);
  if (config.shape.type.startsWith('polygon')) {
    return {
      points: [
        [x, y],
        [round(x + width), y],
        [round(x + width), round(y + height)],
        [x, round(y + height)],
      ],
    };
  }
  return { x, y, width, height, rotation: 0 };
}

export function lineResults(config: OcrConfig, page: OcrPage): { result: Record<string, unknown>[]; score: number } {
  const result: Record<string, unknown>[] = [];
  const scores: number[] = [];
  for (const line of page.lines) {
    if (line.confidence < MIN_LINE_CONFIDENCE || page.width <= 0 || page.height <= 0) continue;
    const id = regionId();
    const score = round(line.confidence);
    const shared = {
      id,
      to_name: config.imageName,
      original_width: page.width,
      original_height: page.height,
      image_rotation: 0,
      score,
    };
    const shape = geometry(config, line, page);
    const labels = config.label === null ? {} : { labels: [config.label] };
    const ownLabels = config.shape.type.endsWith('labels') ? labels : {};
    result.push({
      ...shared,
      from_name: config.shape.name,
      type: config.shape.type,
      value: { ...shape, ...ownLabels },
    });
    if (config.labelsName !== null) {
      result.push({ ...shared, from_name: config.labelsName, type: 'labels', value: { ...shape, ...labels } });
    }
    result.push({
      ...shared,
      from_name: config.textAreaName,
      type: 'textarea',
      value: { ...shape, text: [line.text] },
    });
    scores.push(score);
  }
  const score = scores.length === 0 ? 0 : round(scores.reduce((sum, value) => sum + value, 0) / scores.length);
  return { result, score };
}

function imageReference(config: OcrConfig, task: Record<string, unknown>): string | null {
  const data = typeof task.data === 'object' && task.data !== null ? (task.data as Record<string, unknown>) : {};
  const value = data[config.dataKey];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export async function predictOcrTask(
  deps: MlDeps,
  config: OcrConfig,
  task: Record<string, unknown>,
): Promise<OcrTaskAnswer> {
  const reference = imageReference(config, task);
  if (reference === null) return { error: `the task has no image URL under "${config.dataKey}"` };
  try {
    const page = await recognizeImage(await readTaskImage(deps, reference));
    return { ...lineResults(config, page), model_version: OCR_MODEL_VERSION };
  } catch (error) {
    if (error instanceof OcrFailure) return { error: error.message };
    throw error;
  }
}

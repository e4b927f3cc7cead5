/**
 * The words and numbers the model pages show: backend states, the server's messages as plain
 * text, predictions in a readable form. Pure, for unit tests.
 */
import type { MlState } from '../../api/mlBackends';

export type StateTone = 'ok' | 'busy' | 'error' | 'off';

/** Connected is fine, training and predicting are work under way, error and disconnected need a look. */
export function stateTone(state: MlState): StateTone {
  switch (state) {
    case 'CO':
      return 'ok';
    case 'TR':
    case 'PR':
      return 'busy';
    case 'ER':
      return 'error';
    default:
      return 'off';
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Label Studio's messages carry HTML (a "Learn more" link): shown as the text a reader would see,
 * never parsed as HTML, so nothing a model server said can end up as markup in the page.
 */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A result item marks a place in the data (a box, a polygon, a brush mask, a text span), not just a whole-task answer. */
function isRegion(value: Record<string, unknown>): boolean {
  const place = typeof value.x === 'number' || Array.isArray(value.points) || Array.isArray(value.rle);
  return place || typeof value.start !== 'undefined';
}

/**
 * One line per result item: `control (type) → object: value`. The item's value under its own type
 * (choices, labels, textarea…) is what was chosen or read; a bare shape is a region; a span adds the
 * text it covers.
 */
export function resultLines(result: unknown): string[] {
  if (!Array.isArray(result)) return [];
  return result.filter(isRecord).map((item) => {
    const value = isRecord(item.value) ? item.value : {};
    const type = typeof item.type === 'string' ? item.type : '';
    // A textarea's value is its text; the others keep theirs under their own type.
    const key = type === 'textarea' ? 'text' : type;
    const chosen = key in value ? valueText(value[key]) : isRegion(value) ? 'a region' : valueText(value);
    const span = typeof value.text === 'string' && type !== 'textarea' ? ` (“${value.text}”)` : '';
    const target = item.to_name ? ` → ${valueText(item.to_name)}` : '';
    const named = item.from_name && type ? `${valueText(item.from_name)} (${type})` : valueText(item.from_name ?? type);
    return `${named}${target}: ${chosen}${span}`;
  });
}

/** How many regions a result marks: its items with a place, one per id (a box, its label and its text share one). */
export function regionCount(result: unknown): number {
  if (!Array.isArray(result)) return 0;
  const ids = new Set<unknown>();
  result.filter(isRecord).forEach((item, index) => {
    if (isRecord(item.value) && isRegion(item.value)) ids.add(item.id ?? `#${index}`);
  });
  return ids.size;
}

export interface PredictionSummary {
  modelVersion: string | null;
  score: number | null;
  regions: number;
  lines: string[];
}

/** The model's answer to predict/test (`{results: [...]}`, its results, or a bare prediction), summarized. */
export function predictionSummaries(response: unknown): PredictionSummary[] {
  const list = isRecord(response) && Array.isArray(response.results) ? response.results : response;
  const items = Array.isArray(list) ? list : isRecord(list) ? [list] : [];
  return items
    .flat()
    .filter(isRecord)
    .map((prediction) => ({
      modelVersion: typeof prediction.model_version === 'string' ? prediction.model_version : null,
      score: typeof prediction.score === 'number' ? prediction.score : null,
      regions: regionCount(prediction.result),
      lines: resultLines(prediction.result),
    }));
}

/** A fraction as a whole percentage: 0.834 → "83%". */
export function percentText(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

export { pluralize as plural } from '../../../../shared/text/counts';

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

/**
 * One line per result item: `label → text: pos`. The item's value under its own type (choices,
 * labels, rectanglelabels…) is what was chosen; a span adds the text it covers.
 */
export function resultLines(result: unknown): string[] {
  if (!Array.isArray(result)) return [];
  return result.filter(isRecord).map((item) => {
    const value = isRecord(item.value) ? item.value : {};
    const type = typeof item.type === 'string' ? item.type : '';
    const chosen = type in value ? valueText(value[type]) : valueText(value);
    const span = typeof value.text === 'string' && type !== 'textarea' ? ` (“${value.text}”)` : '';
    const target = item.to_name ? ` → ${valueText(item.to_name)}` : '';
    return `${valueText(item.from_name ?? type)}${target}: ${chosen}${span}`;
  });
}

export interface PredictionSummary {
  modelVersion: string | null;
  score: number | null;
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
      lines: resultLines(prediction.result),
    }));
}

/** A fraction as a whole percentage: 0.834 → "83%". */
export function percentText(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

export { pluralize as plural } from '../../../../shared/text/counts';

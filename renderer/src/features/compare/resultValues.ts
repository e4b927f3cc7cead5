import { regionLabels, type ResultItem } from '../../../../shared/quality';

/*
 * How one result reads in the compare view: a classification answer as the items it chose (each
 * choice on its own, so one differing choice is marked, not the whole answer), a region as its
 * labels and where it lies. Values come from untrusted task results: everything is read
 * defensively and returned as plain text for React to render.
 */

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function numberText(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

const MAX_TEXT = 2000;

/** JSON of a value nothing else reads, cut short: a result may be arbitrarily large. */
function fallbackText(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** The items of a classification answer (Choices, Taxonomy, TextArea, Rating, Number, DateTime...). */
export function answerItems(result: ResultItem): string[] {
  const value = result.value ?? {};
  switch (result.type.toLowerCase()) {
    case 'choices':
      return strings(value.choices);
    case 'taxonomy':
      return Array.isArray(value.taxonomy) ? value.taxonomy.map((path) => strings(path).join(' / ')) : [];
    case 'textarea':
      return [strings(value.text).join('\n')];
    case 'rating': {
      const rating = numberText(value.rating);
      return rating === undefined ? [] : [`${rating} ★`];
    }
    case 'number': {
      const number = numberText(value.number);
      return number === undefined ? [] : [number];
    }
    case 'datetime':
      return typeof value.datetime === 'string' ? [value.datetime] : [];
    default:
      return [fallbackText(value)];
  }
}

function round(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '?';
}

/** Where a region lies, in the units Label Studio stores (percent of the image, characters, seconds). */
export function regionPlace(result: ResultItem): string {
  const value = result.value ?? {};
  const type = result.type.toLowerCase();
  if (type.startsWith('brush')) return 'brush mask (listed, not drawn)';
  if (Array.isArray(value.points)) return `polygon of ${value.points.length} points`;
  if ('radiusX' in value) return `ellipse at ${round(value.x)}%, ${round(value.y)}%`;
  if ('width' in value && 'height' in value) {
    return `box at ${round(value.x)}%, ${round(value.y)}%, ${round(value.width)} × ${round(value.height)}%`;
  }
  if ('x' in value && 'y' in value) return `point at ${round(value.x)}%, ${round(value.y)}%`;
  if (typeof value.text === 'string') {
    const text = value.text.length > 80 ? `${value.text.slice(0, 80)}…` : value.text;
    return `“${text}”`;
  }
  if ('start' in value && 'end' in value) return `${round(value.start)} to ${round(value.end)}`;
  return '';
}

/** A region's labels, or its tool's name when it carries none. */
export function regionTitle(result: ResultItem): string {
  const labels = regionLabels(result);
  return labels.length > 0 ? labels.join(', ') : result.type;
}

/*
 * An annotation's result as short readable lines, one per region: its type, the control's name
 * and its value (choices, labels with the text span or the box, typed text, a rating...). Pure,
 * so it is unit-tested; anything it does not recognize falls back to formatted JSON.
 */

export interface RegionSummary {
  type: string;
  label: string;
  value: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => (Array.isArray(item) ? item.join(' / ') : String(item))) : [];
const round = (value: unknown) => (typeof value === 'number' ? String(Math.round(value * 10) / 10) : '?');

/** Where a region sits: the text it covers, or its box on the image. */
function placeOf(value: Json): string | null {
  if (typeof value.text === 'string') return `“${value.text}”`;
  if (typeof value.start === 'number' && typeof value.end === 'number') return `characters ${value.start}–${value.end}`;
  if (typeof value.x === 'number' && typeof value.y === 'number') {
    const size = typeof value.width === 'number' ? `, ${round(value.width)}×${round(value.height)}%` : '';
    return `at ${round(value.x)}%, ${round(value.y)}%${size}`;
  }
  if (Array.isArray(value.points)) return `${value.points.length} points`;
  return null;
}

function valueOf(type: string, value: Json): string | null {
  if (Array.isArray(value.choices)) return texts(value.choices).join(', ');
  if (Array.isArray(value.taxonomy)) return texts(value.taxonomy).join('; ');
  if (type === 'textarea' && Array.isArray(value.text)) return texts(value.text).join(' / ');
  if (typeof value.rating === 'number') return `${value.rating} ★`;
  if (typeof value.number === 'number') return String(value.number);
  if (typeof value.datetime === 'string') return value.datetime;
  const labels = texts(value[type] ?? value.labels);
  const place = placeOf(value);
  if (labels.length > 0 || place) return [labels.join(', '), place].filter(Boolean).join(' ');
  return null;
}

function summarize(region: unknown): RegionSummary | null {
  if (!isObject(region)) return null;
  const type = typeof region.type === 'string' ? region.type : '';
  if (type === 'relation') {
    return { type, label: 'relation', value: `${String(region.from_id)} → ${String(region.to_id)}` };
  }
  if (!type || !isObject(region.value)) return null;
  const value = valueOf(type, region.value);
  if (value === null) return null;
  const label = typeof region.from_name === 'string' ? region.from_name : '';
  return { type, label, value };
}

/** One line per region, or null when any region is not understood (show the JSON instead). */
export function summarizeResult(result: unknown): RegionSummary[] | null {
  if (!Array.isArray(result)) return null;
  const lines = result.map(summarize);
  return lines.every((line): line is RegionSummary => line !== null) ? lines : null;
}

/** The task's data in a few words: its first text value, or its JSON, shortened. */
export function taskCaption(data: unknown, max = 80): string {
  const first = isObject(data) ? Object.values(data).find((value) => typeof value === 'string') : undefined;
  const text = typeof first === 'string' ? first : JSON.stringify(data ?? null);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

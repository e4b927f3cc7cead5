/**
 * The Data Manager's display strings (`annotations_results`, `predictions_results`,
 * `annotations_ids`, `predictions_model_versions`): Label Studio aggregates the values, drops
 * nulls, rounds floats to 2 places, writes compact JSON without the outer brackets, cuts it at 500
 * characters, then spaces `,"` and `],[` and drops every double quote. The JSON is written the
 * way ujson does (compact, `/` escaped) since Label Studio's serializer uses ujson.
 */
export const DISPLAY_LIMIT = 500;

function roundFloats(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Math.round(value * 100) / 100;
  if (Array.isArray(value)) return value.map(roundFloats);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, roundFloats(item)]));
  }
  return value;
}

function finish(output: string): string {
  // Most tasks of a page have no annotations or predictions: three replaceAll calls on an empty
  // string each cost more than the rest of the column.
  if (output === '') return '';
  return output.slice(0, DISPLAY_LIMIT).replaceAll(',"', ', "').replaceAll('],[', '] [').replaceAll('"', '');
}

/** ujson.dumps: compact JSON whose forward slashes are escaped. */
function ujsonDumps(value: unknown): string {
  return JSON.stringify(value).replaceAll('/', '\\/');
}

/**
 * The values in order, joined as one JSON list without its brackets. Building stops once the
 * limit is passed, so a task with huge results costs no more than a short one.
 */
export function displayList(values: readonly unknown[], unique = false): string {
  const seen = new Set<string>();
  let output = '';
  for (const value of values) {
    if (value === null || value === undefined) continue;
    const text = ujsonDumps(roundFloats(value));
    if (unique) {
      if (seen.has(text)) continue;
      seen.add(text);
    }
    output += output === '' ? text : `,${text}`;
    if (output.length > DISPLAY_LIMIT) break;
  }
  return finish(output);
}

/** Stored JSON texts (annotation or prediction results) shown as one display string. */
export function displayResults(storedResults: readonly string[]): string {
  const values: unknown[] = [];
  let length = 0;
  for (const stored of storedResults) {
    if (length > DISPLAY_LIMIT) break;
    let parsed: unknown;
    try {
      parsed = JSON.parse(stored);
    } catch {
      parsed = null;
    }
    // Identical results show once (Label Studio aggregates them with DISTINCT).
    values.push(parsed);
    length += stored.length;
  }
  return displayList(values, true);
}

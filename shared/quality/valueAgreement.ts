import { numberField, stringListField, type ControlOptions, type ResultItem } from './resultItem.js';
import { textSimilarity } from './textSimilarity.js';

/*
 * Agreement of two answers to one classification control (for one object, or for one region when
 * the control is per-region), each in [0, 1]. `undefined` means the result has no readable answer.
 */

export type ChoicesMeasure = 'jaccard' | 'exact';

function chosenSet(result: ResultItem): Set<string> {
  if (result.type === 'taxonomy') {
    // A taxonomy answer is a list of paths from the root; a path is one choice.
    const paths = result.value?.taxonomy;
    if (!Array.isArray(paths)) return new Set();
    return new Set(paths.filter(Array.isArray).map((path) => JSON.stringify(path)));
  }
  return new Set(stringListField(result.value, 'choices'));
}

/*
 * Choices and Taxonomy: 'exact' is 1 when both chose the same set, else 0; 'jaccard' (the default)
 * is |both| / |either|, the same as exact for single choices and partial credit for multiple ones.
 * Two empty choices agree (1).
 */
export function choicesAgreement(first: ResultItem, second: ResultItem, measure: ChoicesMeasure = 'jaccard'): number {
  const a = chosenSet(first);
  const b = chosenSet(second);
  const both = [...a].filter((choice) => b.has(choice)).length;
  const either = a.size + b.size - both;
  if (either === 0) return 1;
  if (measure === 'exact') return both === either ? 1 : 0;
  return both / either;
}

/** TextArea: 1 - normalised Levenshtein distance of the texts, the lines of one answer joined by "\n". */
export function textAreaAgreement(first: ResultItem, second: ResultItem): number {
  return textSimilarity(
    stringListField(first.value, 'text').join('\n'),
    stringListField(second.value, 'text').join('\n'),
  );
}

function closeness(a: number, b: number, range: number): number {
  if (a === b) return 1;
  return range > 0 ? Math.max(0, 1 - Math.abs(a - b) / range) : 0;
}

/** Rating: 1 - |a - b| / (maxRating - 1), as ratings run from 1 to maxRating (default 5). */
export function ratingAgreement(
  first: ResultItem,
  second: ResultItem,
  options: ControlOptions = {},
): number | undefined {
  const a = numberField(first.value, 'rating');
  const b = numberField(second.value, 'rating');
  if (a === undefined || b === undefined) return undefined;
  return closeness(a, b, (options.maxRating ?? 5) - 1);
}

/*
 * Number: 1 - |a - b| / (max - min) when the config bounds the number on both sides. Without
 * bounds there is no range, so the difference is taken relative to the larger magnitude:
 * 1 - |a - b| / max(|a|, |b|) (3 against 4 is 0.75; a sign change is 0).
 */
export function numberAgreement(
  first: ResultItem,
  second: ResultItem,
  options: ControlOptions = {},
): number | undefined {
  const a = numberField(first.value, 'number');
  const b = numberField(second.value, 'number');
  if (a === undefined || b === undefined) return undefined;
  if (options.min !== undefined && options.max !== undefined) return closeness(a, b, options.max - options.min);
  return closeness(a, b, Math.max(Math.abs(a), Math.abs(b)));
}

/*
 * DateTime: equal instants agree (1), others 0; with dateToleranceMs, 1 - |difference| / tolerance.
 * A value that does not parse as a date is compared as text (equal strings agree).
 */
export function dateTimeAgreement(
  first: ResultItem,
  second: ResultItem,
  options: ControlOptions = {},
): number | undefined {
  const a = first.value?.datetime;
  const b = second.value?.datetime;
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  const [timeA, timeB] = [Date.parse(a), Date.parse(b)];
  if (Number.isNaN(timeA) || Number.isNaN(timeB)) return a === b ? 1 : 0;
  return closeness(timeA, timeB, options.dateToleranceMs ?? 0);
}

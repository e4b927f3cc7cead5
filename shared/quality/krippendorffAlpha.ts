import {
  compareRatings,
  presentRatings,
  sortedDistinct,
  type PresentRating,
  type RatingMatrix,
} from './ratingMatrix.js';

export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';

/*
 * Krippendorff's alpha, as the krippendorff package's alpha(reliability_data, level_of_measurement)
 * computes it, from a matrix of items x raters (the package takes raters x items).
 *
 * Every item with n >= 2 values adds each ordered pair of its values, weighted 1 / (n - 1), to the
 * coincidence matrix o; items with fewer than 2 values add nothing. From o's margins n_v comes the
 * chance coincidence matrix e = (n_v n_v' - diag(n_v)) / (n - 1), and alpha = 1 - sum(o d) / sum(e d)
 * with d the level's squared distance between two values:
 * - nominal: 0 when equal, else 1;
 * - ordinal: (sum of n_v from the lower value to the upper, minus half of both ends' n_v)^2, so
 *   only the values' order matters, and how often the values in between were used;
 * - interval: (a - b)^2;
 * - ratio: ((a - b) / (a + b))^2, 0 when a + b = 0.
 *
 * The value domain is every value in the matrix, sorted (values of single-rated items included,
 * as the package does). Edge cases: the package refuses (raises) when the domain has fewer than two
 * values (everyone agrees on one category) or when no item has two values (one rater; all missing
 * but one); we answer NaN there. A domain of two values used only on single-rated items gives
 * 0 / 0 = NaN, as the package computes. Levels other than nominal need numbers.
 */
export function krippendorffAlpha(matrix: RatingMatrix, level: MeasurementLevel): number {
  const rows = matrix.map((row) => presentRatings(row));
  const domain = sortedDistinct(rows.flat());
  if (domain.length <= 1) return NaN;
  if (rows.every((values) => values.length <= 1)) return NaN;
  if (level !== 'nominal' && domain.some((value) => typeof value !== 'number')) {
    throw new TypeError(`krippendorffAlpha: the ${level} level needs numeric ratings`);
  }
  const size = domain.length;
  const index = new Map(domain.map((value, position) => [value, position]));
  const coincidences = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const values of rows) {
    if (values.length < 2) continue;
    const counts = new Map<number, number>();
    for (const value of values) {
      const position = index.get(value)!;
      counts.set(position, (counts.get(position) ?? 0) + 1);
    }
    for (const [i, countI] of counts) {
      for (const [j, countJ] of counts) {
        const pairs = i === j ? countI * countJ - countI : countI * countJ;
        coincidences[i]![j]! += pairs / (values.length - 1);
      }
    }
  }
  const marginals = coincidences.map((_, j) => coincidences.reduce((total, row) => total + row[j]!, 0));
  const pairable = marginals.reduce((total, count) => total + count, 0);
  const distance = distanceFunction(level, domain, marginals);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const d = distance(i, j);
      observed += coincidences[i]![j]! * d;
      const chance = (marginals[i]! * marginals[j]! - (i === j ? marginals[i]! : 0)) / (pairable - 1);
      expected += chance * d;
    }
  }
  return 1 - observed / expected;
}

function distanceFunction(
  level: MeasurementLevel,
  domain: ReadonlyArray<PresentRating>,
  marginals: ReadonlyArray<number>,
): (i: number, j: number) => number {
  const numbers = domain as ReadonlyArray<number>;
  switch (level) {
    case 'nominal':
      return (i, j) => (compareRatings(domain[i]!, domain[j]!) === 0 ? 0 : 1);
    case 'interval':
      return (i, j) => (numbers[i]! - numbers[j]!) ** 2;
    case 'ratio':
      return (i, j) => {
        const total = numbers[i]! + numbers[j]!;
        return total === 0 ? 0 : ((numbers[i]! - numbers[j]!) / total) ** 2;
      };
    case 'ordinal':
      return (i, j) => {
        const low = Math.min(i, j);
        const high = Math.max(i, j);
        let between = 0;
        for (let k = low; k <= high; k++) between += marginals[k]!;
        return (between - (marginals[low]! + marginals[high]!) / 2) ** 2;
      };
  }
}

import { isMissing, sortedDistinct, type PresentRating, type Rating } from './ratingMatrix.js';

export type KappaWeights = 'none' | 'linear' | 'quadratic';

export interface CohenKappaOptions {
  /** Disagreement weights between categories, by their position in `labels`. */
  weights?: KappaWeights;
  /**
   * The categories in order. Default: the distinct values both raters used, sorted. Weights count
   * positions in this list, not the values' size: with labels [1, 2, 10], 1 and 10 are two steps
   * apart.
   */
  labels?: ReadonlyArray<PresentRating>;
}

/*
 * Cohen's kappa between two raters, computed as scikit-learn's cohen_kappa_score does: a confusion
 * matrix over the labels, the chance table from its margins, and
 * kappa = 1 - sum(w * observed) / sum(w * expected), with w 0/1 (nominal), |i - j| (linear) or
 * (i - j)^2 (quadratic).
 *
 * Items that either rater left missing are dropped first (scikit-learn accepts no missing values).
 * Edge cases, as the reference answers them:
 * - both raters used one and the same category on every item: 0 / 0, so NaN;
 * - no item rated by both: NaN (scikit-learn's 0 / 0 on an empty confusion matrix);
 * - perfect agreement over two or more categories: 1.
 */
export function cohenKappa(
  first: ReadonlyArray<Rating>,
  second: ReadonlyArray<Rating>,
  options: CohenKappaOptions = {},
): number {
  if (first.length !== second.length) {
    throw new RangeError(`cohenKappa: ${first.length} ratings against ${second.length}`);
  }
  const pairs: Array<[PresentRating, PresentRating]> = [];
  for (let item = 0; item < first.length; item++) {
    const a = first[item];
    const b = second[item];
    if (!isMissing(a) && !isMissing(b)) pairs.push([a, b]);
  }
  if (pairs.length === 0) return NaN;
  const labels = options.labels ?? sortedDistinct(pairs.flat());
  const index = new Map(labels.map((label, position) => [label, position]));
  const size = labels.length;
  const confusion = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const [a, b] of pairs) {
    const row = index.get(a);
    const column = index.get(b);
    // scikit-learn leaves out pairs whose values are not among the given labels.
    if (row !== undefined && column !== undefined) confusion[row]![column]! += 1;
  }
  const columnTotals = labels.map((_, column) => confusion.reduce((total, row) => total + row[column]!, 0));
  const rowTotals = confusion.map((row) => row.reduce((total, count) => total + count, 0));
  const total = columnTotals.reduce((sum, count) => sum + count, 0);
  const weights = options.weights ?? 'none';
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const weight = disagreementWeight(weights, i, j);
      observed += weight * confusion[i]![j]!;
      // scikit-learn's expected table is outer(column totals, row totals) / total.
      expected += weight * ((columnTotals[i]! * rowTotals[j]!) / total);
    }
  }
  return 1 - observed / expected;
}

function disagreementWeight(weights: KappaWeights, i: number, j: number): number {
  if (weights === 'linear') return Math.abs(i - j);
  if (weights === 'quadratic') return (i - j) ** 2;
  return i === j ? 0 : 1;
}

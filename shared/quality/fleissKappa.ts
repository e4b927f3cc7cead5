import { presentRatings, sortedDistinct, sum, type PresentRating, type RatingMatrix } from './ratingMatrix.js';

/*
 * Fleiss' kappa over a count table (one row per item, one column per category, a cell the number
 * of raters who put the item in that category), as statsmodels' fleiss_kappa(table, method='fleiss')
 * computes it: the mean share of agreeing rater pairs per item, against the agreement expected from
 * the categories' overall shares.
 *
 * Every row must hold the same number of ratings (statsmodels asserts it); otherwise this throws.
 * Edge cases, as the reference answers them:
 * - one rating per item: each item's agreement is 0 / 0, so NaN;
 * - every rating in one category: expected agreement is 1, kappa (1 - 1) / (1 - 1), so NaN;
 * - perfect agreement over two or more categories: 1;
 * - no items: NaN (statsmodels refuses an empty table).
 */
export function fleissKappa(table: ReadonlyArray<ReadonlyArray<number>>): number {
  if (table.length === 0) return NaN;
  const raterCounts = table.map((row) => sum(row));
  const raters = Math.max(...raterCounts);
  if (raterCounts.some((count) => count !== raters)) {
    throw new RangeError('fleissKappa: every item needs the same number of ratings');
  }
  const categories = table[0]!.length;
  const total = sum(raterCounts);
  let expected = 0;
  for (let category = 0; category < categories; category++) {
    const share = sum(table.map((row) => row[category]!)) / total;
    expected += share * share;
  }
  const itemAgreement = table.map((row) => (sum(row.map((count) => count * count)) - raters) / (raters * (raters - 1)));
  const observed = sum(itemAgreement) / table.length;
  return (observed - expected) / (1 - expected);
}

/** The count table of a rating matrix, with the categories it used (sorted) as its columns. */
export function countTable(matrix: RatingMatrix): { categories: PresentRating[]; table: number[][] } {
  const categories = sortedDistinct(matrix.flatMap((row) => presentRatings(row)));
  const column = new Map(categories.map((category, index) => [category, index]));
  const table = matrix.map((row) => {
    const counts = new Array<number>(categories.length).fill(0);
    for (const rating of presentRatings(row)) counts[column.get(rating)!]! += 1;
    return counts;
  });
  return { categories, table };
}

/*
 * Fleiss' kappa straight from a rating matrix. Fleiss' design has the same number of ratings on
 * every item, so only the items that every rater rated count (complete rows); a matrix without
 * any complete row gives NaN.
 */
export function fleissKappaOfRatings(matrix: RatingMatrix): number {
  const complete = matrix.filter((row) => row.length > 0 && presentRatings(row).length === row.length);
  return fleissKappa(countTable(complete).table);
}

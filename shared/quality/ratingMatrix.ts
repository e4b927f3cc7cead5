/*
 * The input of the chance-corrected statistics: a matrix with one row per item (a task, or a region)
 * and one column per rater (an annotator). A cell is the rater's category or score, or missing
 * (null, undefined or NaN) when that rater did not rate that item.
 */
export type Rating = string | number | null | undefined;
export type RatingMatrix = ReadonlyArray<ReadonlyArray<Rating>>;
export type PresentRating = string | number;

export function isMissing(rating: Rating): rating is null | undefined {
  return rating === null || rating === undefined || (typeof rating === 'number' && Number.isNaN(rating));
}

/** The ratings present in one row, in column order. */
export function presentRatings(row: ReadonlyArray<Rating>): PresentRating[] {
  return row.filter((rating): rating is PresentRating => !isMissing(rating));
}

/*
 * The distinct values, sorted as numpy's unique sorts them: numbers ascending; strings by code
 * point. A mix sorts numbers first (numpy would refuse a mix; we keep a total order instead).
 */
export function sortedDistinct(values: Iterable<PresentRating>): PresentRating[] {
  const distinct = [...new Set(values)];
  return distinct.sort(compareRatings);
}

export function compareRatings(a: PresentRating, b: PresentRating): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sums in index order, as a plain loop: the statistics need no compensated summation at 1e-9. */
export function sum(values: ReadonlyArray<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

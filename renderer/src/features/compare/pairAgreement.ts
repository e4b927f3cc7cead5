import {
  annotationAgreement,
  type AgreementOptions,
  type AnnotatorId,
  type ResultItem,
} from '../../../../shared/quality';

/*
 * The task's agreement per pair of annotations, with the same measure as the dashboard and the
 * Data Manager's column: two annotations by one person are not paired, and a pair with nothing
 * scorable has no score.
 */

export interface ComparedAnnotation {
  author: AnnotatorId;
  results: ReadonlyArray<ResultItem>;
}

export interface PairAgreement {
  /** scores[i][j]: agreement of annotations i and j; null on the diagonal, for one person, or nothing to score. */
  scores: Array<Array<number | null>>;
  /** Each annotation's mean agreement with the others; null when it has no scored pair. */
  withOthers: Array<number | null>;
}

export function pairAgreement(
  annotations: ReadonlyArray<ComparedAnnotation>,
  options: AgreementOptions,
): PairAgreement {
  const scores = annotations.map(() => annotations.map((): number | null => null));
  for (let i = 0; i < annotations.length; i++) {
    for (let j = i + 1; j < annotations.length; j++) {
      const [a, b] = [annotations[i]!, annotations[j]!];
      if (a.author === b.author) continue;
      const { score } = annotationAgreement(a.results, b.results, options);
      scores[i]![j] = score;
      scores[j]![i] = score;
    }
  }
  const withOthers = scores.map((row) => {
    const known = row.filter((score): score is number => score !== null);
    return known.length === 0 ? null : known.reduce((sum, score) => sum + score, 0) / known.length;
  });
  return { scores, withOthers };
}

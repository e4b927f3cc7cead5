/*
 * One-to-one matching of two annotators' regions. Every pair whose labels agree is scored
 * (IoU, or a closeness for keypoints); pairs are taken greedily from the best score down, each
 * region at most once, and only while the score reaches the threshold. Greedy matching is what
 * detection benchmarks use; it differs from an optimal assignment only when one region overlaps
 * two others almost equally well.
 */
export interface MatchedPair {
  first: number;
  second: number;
  score: number;
}

export function greedyMatch(
  firstCount: number,
  secondCount: number,
  score: (first: number, second: number) => number | undefined,
  isEnough: (score: number) => boolean,
): MatchedPair[] {
  const candidates: MatchedPair[] = [];
  for (let first = 0; first < firstCount; first++) {
    for (let second = 0; second < secondCount; second++) {
      const value = score(first, second);
      if (value !== undefined && isEnough(value)) candidates.push({ first, second, score: value });
    }
  }
  // Ties go to the earlier regions, so the answer does not depend on the sort's stability.
  candidates.sort((a, b) => b.score - a.score || a.first - b.first || a.second - b.second);
  const usedFirst = new Set<number>();
  const usedSecond = new Set<number>();
  const matches: MatchedPair[] = [];
  for (const candidate of candidates) {
    if (usedFirst.has(candidate.first) || usedSecond.has(candidate.second)) continue;
    usedFirst.add(candidate.first);
    usedSecond.add(candidate.second);
    matches.push(candidate);
  }
  return matches;
}

/** F1 of a matching: 2 * matched / (regions of one + regions of the other); two empty sides agree (1). */
export function matchedF1(matchedCount: number, firstCount: number, secondCount: number): number {
  return firstCount + secondCount === 0 ? 1 : (2 * matchedCount) / (firstCount + secondCount);
}

/** Levenshtein distance (insertions, deletions, substitutions, each 1) over UTF-16 code units. */
export function levenshtein(first: string, second: string): number {
  if (first === second) return 0;
  let previous = Array.from({ length: second.length + 1 }, (_, j) => j);
  for (let i = 1; i <= first.length; i++) {
    const current = [i];
    for (let j = 1; j <= second.length; j++) {
      const substitution = previous[j - 1]! + (first[i - 1] === second[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[second.length]!;
}

/** 1 - distance / length of the longer text: 1 for equal texts (two empty ones too), 0 for nothing in common. */
export function textSimilarity(first: string, second: string): number {
  const longer = Math.max(first.length, second.length);
  return longer === 0 ? 1 : 1 - levenshtein(first, second) / longer;
}

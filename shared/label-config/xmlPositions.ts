/**
 * Offsets to expat's positions: lines from 1, columns from 0, counted in the LF-normalized text.
 * expat counts characters, so a character outside the BMP (two UTF-16 units here) is one column.
 */
export function lineLocator(source: string): (offset: number) => { line: number; column: number } {
  const lineStarts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const pairStarts = [...source.matchAll(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)].map((match) => match.index);
  return (offset) => {
    const line = countAtMost(lineStarts, offset) - 1;
    const lineStart = lineStarts[line]!;
    const pairs = countAtMost(pairStarts, offset - 2) - countAtMost(pairStarts, lineStart - 1);
    return { line: line + 1, column: offset - lineStart - pairs };
  };
}

/** How many of the sorted `values` are at most `limit`. */
function countAtMost(values: number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! <= limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

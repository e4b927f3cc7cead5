/**
 * Every number of a JSON text with where it is and how it is written. Parsed JSON cannot tell `4.0`
 * from `4`, but a Python client can (a float against an int), so the comparison reads the text.
 * Paths are keys and indexes joined with '.', as in paths.ts.
 */
export interface NumberToken {
  value: number;
  /** Written with a fraction or an exponent (`4.0`, `1e-05`): Python reads it as a float. */
  isFloat: boolean;
}

export function numberTokens(text: string): Map<string, NumberToken> {
  const found = new Map<string, NumberToken>();
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at]!)) at += 1;
  };
  const readString = (): string => {
    const start = at;
    at += 1;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const readValue = (path: string[]): void => {
    skipSpace();
    const first = text[at];
    if (first === '{' || first === '[') {
      const isObject = first === '{';
      at += 1;
      skipSpace();
      for (let index = 0; text[at] !== (isObject ? '}' : ']'); index += 1) {
        let key = String(index);
        if (isObject) {
          key = readString();
          skipSpace();
          at += 1; // the colon
        }
        readValue([...path, key]);
        skipSpace();
        if (text[at] === ',') at += 1;
        skipSpace();
      }
      at += 1;
    } else if (first === '"') {
      readString();
    } else {
      const token = /^[^,\]}\s]+/.exec(text.slice(at, at + 400))![0];
      at += token.length;
      if (/^-?\d/.test(token)) found.set(path.join('.'), { value: Number(token), isFloat: /[.eE]/.test(token) });
    }
  };
  readValue([]);
  return found;
}

/**
 * The numbers both answers hold at the same place with the same value but write differently
 * (`4.0` on one side, `4` on the other). Numbers that differ in value (ids, counts) are the parsed
 * comparison's business.
 */
export function floatTextDifferences(expectedText: string, actualText: string): string[] {
  const expected = numberTokens(expectedText);
  const actual = numberTokens(actualText);
  const differences: string[] = [];
  for (const [path, token] of expected) {
    const other = actual.get(path);
    if (other && other.value === token.value && other.isFloat !== token.isFloat) {
      differences.push(
        `${path}: ${token.isFloat ? 'float' : 'int'} expected, ${other.isFloat ? 'float' : 'int'} written`,
      );
    }
  }
  return differences;
}

/*
 * JSON compared as text: a scanner that walks JSON text and gives each scalar with its path and
 * its exact spelling (`4.0` and `4` differ, as do key orders and spacing), so two exports can be
 * held to equal text except at paths a known difference names. Parsing into values would hide
 * exactly what a client reading the text sees.
 */

export interface JsonLeaf {
  /** `[0].annotations[1].id`; `pattern` has every index as `[*]`. */
  path: string;
  pattern: string;
  /** The scalar as written (a string with its quotes and escapes). */
  raw: string;
}

export interface JsonText {
  leaves: JsonLeaf[];
  /** The text with every scalar replaced by `#`: its keys, their order, nesting and spacing. */
  skeleton: string;
}

export function scanJsonText(text: string): JsonText {
  const leaves: JsonLeaf[] = [];
  let skeleton = '';
  let at = 0;

  const fail = (what: string): never => {
    throw new Error(`not JSON at ${at}: ${what} (${JSON.stringify(text.slice(at, at + 30))})`);
  };
  const space = () => {
    const start = at;
    while (at < text.length && ' \t\r\n'.includes(text[at]!)) at += 1;
    skeleton += text.slice(start, at);
  };
  const stringEnd = (start: number): number => {
    let index = start + 1;
    while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    if (index >= text.length) fail('unterminated string');
    return index + 1;
  };
  const leaf = (path: string, end: number) => {
    leaves.push({ path, pattern: path.replace(/\[\d+\]/g, '[*]'), raw: text.slice(at, end) });
    skeleton += '#';
    at = end;
  };

  const value = (path: string): void => {
    space();
    const char = text[at];
    if (char === '{') {
      skeleton += '{';
      at += 1;
      space();
      if (text[at] === '}') {
        skeleton += '}';
        at += 1;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('a key');
        const end = stringEnd(at);
        const key = JSON.parse(text.slice(at, end)) as string;
        skeleton += text.slice(at, end);
        at = end;
        space();
        if (text[at] !== ':') fail('a colon');
        skeleton += ':';
        at += 1;
        value(`${path}.${key}`);
        space();
        if (text[at] === ',') {
          skeleton += ',';
          at += 1;
          continue;
        }
        if (text[at] === '}') {
          skeleton += '}';
          at += 1;
          return;
        }
        fail('a comma or }');
      }
    }
    if (char === '[') {
      skeleton += '[';
      at += 1;
      space();
      if (text[at] === ']') {
        skeleton += ']';
        at += 1;
        return;
      }
      for (let index = 0; ; index += 1) {
        value(`${path}[${index}]`);
        space();
        if (text[at] === ',') {
          skeleton += ',';
          at += 1;
          continue;
        }
        if (text[at] === ']') {
          skeleton += ']';
          at += 1;
          return;
        }
        fail('a comma or ]');
      }
    }
    if (char === '"') return leaf(path, stringEnd(at));
    const scalar = /^(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null|NaN|-?Infinity)/.exec(
      text.slice(at, at + 400),
    );
    if (!scalar) fail('a value');
    leaf(path, at + scalar![0].length);
  };

  value('');
  space();
  if (at !== text.length) fail('the end');
  return { leaves, skeleton };
}

export interface TextDifference {
  path: string;
  pattern: string;
  ours: string;
  theirs: string;
}

/**
 * The scalars that differ between two JSON texts of the same shape; a difference of shape (keys,
 * order, nesting, spacing) is one entry at path `(shape)`.
 */
export function diffJsonText(ours: string, theirs: string): TextDifference[] {
  const a = scanJsonText(ours);
  const b = scanJsonText(theirs);
  if (a.skeleton !== b.skeleton || a.leaves.length !== b.leaves.length) {
    const index = [...a.skeleton].findIndex((char, i) => char !== b.skeleton[i]);
    return [
      {
        path: '(shape)',
        pattern: '(shape)',
        ours: a.skeleton.slice(Math.max(0, index - 80), index + 80),
        theirs: b.skeleton.slice(Math.max(0, index - 80), index + 80),
      },
    ];
  }
  const differences: TextDifference[] = [];
  a.leaves.forEach((leaf, index) => {
    const other = b.leaves[index]!;
    if (leaf.raw !== other.raw || leaf.path !== other.path) {
      differences.push({ path: leaf.path, pattern: leaf.pattern, ours: leaf.raw, theirs: other.raw });
    }
  });
  return differences;
}

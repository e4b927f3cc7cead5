/*
 * Label Studio prints a refused import item as a Python repr (`{'data': {'text': 'hi'}}`). The
 * import page reads it back just far enough to say which keys the item had, instead of showing
 * the dump. Strings, numbers, dicts, lists, tuples, True/False/None; anything else ends the read.
 */

export type PyLiteral = string | number | boolean | null | PyLiteral[] | { [key: string]: PyLiteral };

class Reader {
  index = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (/\s/.test(this.text[this.index] ?? '')) this.index += 1;
  }

  expect(char: string): void {
    this.skipSpace();
    if (this.text[this.index] !== char) throw new Error(`expected ${char} at ${this.index}`);
    this.index += 1;
  }

  string(): string {
    const quote = this.text[this.index]!;
    let out = '';
    this.index += 1;
    for (;;) {
      const char = this.text[this.index];
      if (char === undefined) throw new Error('unterminated string');
      this.index += 1;
      if (char === quote) return out;
      if (char !== '\\') {
        out += char;
        continue;
      }
      const escaped = this.text[this.index] ?? '';
      this.index += 1;
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
      if (escaped in simple) out += simple[escaped];
      else if (escaped === 'x' || escaped === 'u' || escaped === 'U') {
        const length = escaped === 'x' ? 2 : escaped === 'u' ? 4 : 8;
        out += String.fromCodePoint(parseInt(this.text.slice(this.index, this.index + length), 16));
        this.index += length;
      } else out += `\\${escaped}`;
    }
  }

  sequence(close: string): PyLiteral[] {
    const items: PyLiteral[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.index] === close) break;
      items.push(this.value());
      this.skipSpace();
      if (this.text[this.index] !== ',') break;
      this.index += 1;
    }
    this.expect(close);
    return items;
  }

  dict(): { [key: string]: PyLiteral } {
    const out: { [key: string]: PyLiteral } = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.index] === '}') break;
      const key = this.value();
      this.expect(':');
      out[String(key)] = this.value();
      this.skipSpace();
      if (this.text[this.index] !== ',') break;
      this.index += 1;
    }
    this.expect('}');
    return out;
  }

  value(): PyLiteral {
    this.skipSpace();
    const char = this.text[this.index];
    if (char === "'" || char === '"') return this.string();
    this.index += 1;
    if (char === '{') return this.dict();
    if (char === '[') return this.sequence(']');
    if (char === '(') return this.sequence(')');
    this.index -= 1;
    const word = /^(True|False|None|[-+]?[\d.]+(?:[eE][-+]?\d+)?|-?inf|nan)/.exec(this.text.slice(this.index))?.[0];
    if (!word) throw new Error(`unexpected ${char ?? 'end'} at ${this.index}`);
    this.index += word.length;
    if (word === 'True' || word === 'False') return word === 'True';
    if (word === 'None') return null;
    return Number(word.replace('inf', 'Infinity'));
  }
}

/** The value a Python repr prints, or null when it is not one this reader knows. */
export function readPythonLiteral(text: string): PyLiteral | null {
  try {
    const reader = new Reader(text);
    const value = reader.value();
    reader.skipSpace();
    return reader.index === text.length ? value : null;
  } catch {
    return null;
  }
}

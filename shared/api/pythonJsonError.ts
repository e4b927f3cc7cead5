/*
 * The message Python's `json.loads` (3.11, the C scanner) gives for a document that does not
 * parse, e.g. `Expecting ',' delimiter: line 1 column 4 (char 3)`: Label Studio passes it on as
 * "JSON parse error - <message>". Called only after JSON.parse has refused the text, so it walks
 * the document the way Python's decoder does until it meets the first error. Positions count
 * code points, as Python's do. NaN and the infinities parse in Python; DRF then refuses them.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;

class Failure {
  constructor(
    readonly message: string,
    readonly at: number,
  ) {}
}

/** Python's StopIteration: no value starts here. */
class NoValue {
  constructor(readonly at: number) {}
}

class Decoder {
  constructor(private readonly text: string) {}

  skip(at: number): number {
    while (at < this.text.length && WHITESPACE.has(this.text[at]!)) at += 1;
    return at;
  }

  value(at: number): number {
    const text = this.text;
    const char = text[at];
    if (char === '"') return this.string(at + 1);
    if (char === '{') return this.object(at + 1);
    if (char === '[') return this.array(at + 1);
    for (const word of ['null', 'true', 'false']) if (text.startsWith(word, at)) return at + word.length;
    for (const constant of ['NaN', 'Infinity', '-Infinity']) {
      if (text.startsWith(constant, at)) {
        throw new Failure(`Out of range float values are not JSON compliant: '${constant}'`, -1);
      }
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number) return at + number[0].length;
    throw new NoValue(at);
  }

  valueOrFail(at: number): number {
    try {
      return this.value(at);
    } catch (error) {
      if (error instanceof NoValue) throw new Failure('Expecting value', error.at);
      throw error;
    }
  }

  string(at: number): number {
    const text = this.text;
    const begin = at - 1;
    for (;;) {
      if (at >= text.length) throw new Failure('Unterminated string starting at', begin);
      const char = text[at]!;
      if (char === '"') return at + 1;
      if (char < ' ') throw new Failure('Invalid control character at', at);
      if (char === '\\') {
        const escape = text[at + 1];
        if (escape === undefined) throw new Failure('Unterminated string starting at', begin);
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) throw new Failure('Invalid \\uXXXX escape', at + 1);
          at += 6;
          continue;
        }
        if (!ESCAPES.has(escape)) throw new Failure('Invalid \\escape', at);
        at += 2;
        continue;
      }
      at += 1;
    }
  }

  object(at: number): number {
    const text = this.text;
    at = this.skip(at);
    if (text[at] === '}') return at + 1;
    if (text[at] !== '"') throw new Failure('Expecting property name enclosed in double quotes', at);
    for (;;) {
      at = this.string(at + 1);
      at = this.skip(at);
      if (text[at] !== ':') throw new Failure("Expecting ':' delimiter", at);
      at = this.valueOrFail(this.skip(at + 1));
      at = this.skip(at);
      if (text[at] === '}') return at + 1;
      if (text[at] !== ',') throw new Failure("Expecting ',' delimiter", at);
      at = this.skip(at + 1);
      if (text[at] !== '"') throw new Failure('Expecting property name enclosed in double quotes', at);
    }
  }

  array(at: number): number {
    const text = this.text;
    at = this.skip(at);
    if (text[at] === ']') return at + 1;
    for (;;) {
      at = this.skip(this.valueOrFail(at));
      if (text[at] === ']') return at + 1;
      if (text[at] !== ',') throw new Failure("Expecting ',' delimiter", at);
      at = this.skip(at + 1);
    }
  }
}

function position(text: string, at: number): string {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
  return `line ${line} column ${column} (char ${[...before].length})`;
}

/** Python's message for a JSON text that does not parse (or null if it parses in Python too). */
export function pythonJsonError(text: string): string | null {
  if (text.startsWith('\uFEFF')) return `Unexpected UTF-8 BOM (decode using utf-8-sig): ${position(text, 0)}`;
  const decoder = new Decoder(text);
  try {
    const end = decoder.skip(decoder.valueOrFail(decoder.skip(0)));
    return end === text.length ? null : `Extra data: ${position(text, end)}`;
  } catch (error) {
    // Nesting deep enough to exhaust the stack: Python would fail with its own RecursionError.
    if (error instanceof RangeError) return null;
    if (!(error instanceof Failure)) throw error;
    return error.at < 0 ? error.message : `${error.message}: ${position(text, error.at)}`;
  }
}

/** DRF's JSONParser message for a body that does not parse. */
export function jsonParseErrorDetail(text: string, jsError: unknown): string {
  return `JSON parse error - ${pythonJsonError(text) ?? (jsError as Error).message}`;
}

import { nameAt, WHITESPACE } from './xmlChars.js';
import { headerTokenFault } from './xmlPrologTokens.js';
import type { MarkupReader } from './xmlReader.js';

/**
 * The header of a document type declaration (`<!DOCTYPE name ExternalID? [` or `>`), read only so
 * far as to word its refusal as Label Studio does: defusedxml refuses the DTD when expat reports
 * the header complete, and until then expat's own syntax errors apply. Nothing after the header
 * (internal subset, entities, parameter entities) is ever read.
 */
export type DoctypeHeader =
  | { kind: 'header'; name: string; systemId: string | null; publicId: string | null }
  | { kind: 'error'; reason: string; offset: number };

/** Characters that end a name token in expat's prolog, besides whitespace, `>` and `[`. */
const NAME_ENDS = new Set([')', ',', '|', '%']);
/** Signs expat reads as part of a name token (`a+`): no name the header can use. */
const NAME_SUFFIXES = new Set(['+', '*', '?']);

/** `start` is the offset of `<!DOCTYPE`, already followed by whitespace. */
export function readDoctypeHeader(reader: MarkupReader, start: number): DoctypeHeader {
  const { source } = reader;
  let index = start + '<!DOCTYPE'.length;
  const fail = (reason: string, offset: number): DoctypeHeader => ({ kind: 'error', reason, offset });
  const readName = (at: number) => nameAt(source, at);
  /** A token the grammar does not take there: refused as a token first if expat cannot read it. */
  const syntaxError = (at: number): DoctypeHeader => {
    const fault = headerTokenFault(reader, at);
    return fault ? fail(fault.reason, fault.offset) : fail('syntax error', at);
  };
  const skipSpace = () => {
    while (index < source.length && WHITESPACE.test(source[index]!)) index += 1;
  };
  /** A name token: its text, or the error expat reports for what stands there instead. */
  const nameToken = (): string | DoctypeHeader => {
    const name = readName(index);
    if (!name) return syntaxError(index);
    const after = index + name.length;
    if (after >= source.length) return fail('no element found', source.length);
    const next = source[after]!;
    if (NAME_SUFFIXES.has(next)) return syntaxError(index);
    const ends = WHITESPACE.test(next) || next === '>' || next === '[' || NAME_ENDS.has(next);
    if (!ends) return fail('not well-formed (invalid token)', after);
    index = after;
    return name;
  };
  const literal = (): string | DoctypeHeader => {
    const quote = source[index];
    if (quote !== '"' && quote !== "'") return syntaxError(index);
    const fault = headerTokenFault(reader, index);
    if (fault) return fail(fault.reason, fault.offset);
    const end = source.indexOf(quote, index + 1);
    const value = source.slice(index + 1, end);
    index = end + 1;
    return value;
  };
  const nextToken = (): DoctypeHeader | null => {
    skipSpace();
    return index >= source.length ? fail('no element found', source.length) : null;
  };

  const atName = nextToken();
  if (atName) return atName;
  const name = nameToken();
  if (typeof name !== 'string') return name;
  let systemId: string | null = null;
  let publicId: string | null = null;
  const atId = nextToken();
  if (atId) return atId;
  if (source[index] !== '>' && source[index] !== '[') {
    const keywordAt = index;
    const keyword = nameToken();
    if (typeof keyword !== 'string') return keyword;
    if (keyword !== 'SYSTEM' && keyword !== 'PUBLIC') return fail('syntax error', keywordAt);
    for (const part of keyword === 'PUBLIC' ? ['public', 'system'] : ['system']) {
      const atLiteral = nextToken();
      if (atLiteral) return atLiteral;
      const value = literal();
      if (typeof value !== 'string') return value;
      if (part === 'public') publicId = value;
      else systemId = value;
    }
    const atEnd = nextToken();
    if (atEnd) return atEnd;
    if (source[index] !== '>' && source[index] !== '[') return syntaxError(index);
  }
  return { kind: 'header', name, systemId, publicId };
}

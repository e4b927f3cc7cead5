import { WHITESPACE } from './xmlChars.js';
import { readDoctypeHeader } from './xmlDoctype.js';

/** Where expat stops on a document, and the words it says there. */
export interface XmlFault {
  reason: string;
  offset: number;
}

/** What a scanner needs from the parser: names as expat reads them, and where XML's forbidden characters are. */
export interface MarkupReader {
  source: string;
  readName(index: number): string;
  /** The offset of the first character XML forbids at or after `offset`, if any. */
  forbiddenFrom(offset: number): number | undefined;
}

const INVALID_TOKEN = 'not well-formed (invalid token)';
/** The letters expat reads after `<!` in the prolog before it decides what the declaration is. */
const DECLARATION_NAME = /[A-Za-z]*/y;

/** expat's complaint about the first forbidden character in [start, end), if there is one. */
export function forbiddenCharIn(reader: MarkupReader, start: number, end: number): XmlFault | null {
  const found = reader.forbiddenFrom(start);
  return found !== undefined && found < end ? { reason: INVALID_TOKEN, offset: found } : null;
}

// A comment, a processing instruction and CDATA are read to their end by expat before it says
// "unclosed": a forbidden character inside one is reported first, at its own position.

/** The comment at `start` (`<!--`): the offset after its `-->`. */
export function scanComment(reader: MarkupReader, start: number): { next: number } | XmlFault {
  const { source } = reader;
  const doubleHyphen = source.indexOf('--', start + 4);
  const forbidden = forbiddenCharIn(reader, start + 4, doubleHyphen === -1 ? source.length : doubleHyphen);
  if (forbidden) return forbidden;
  if (doubleHyphen === -1 || doubleHyphen + 2 >= source.length) return { reason: 'unclosed token', offset: start };
  // expat reads past the "--" before it finds that no ">" follows.
  if (source[doubleHyphen + 2] !== '>') return { reason: INVALID_TOKEN, offset: doubleHyphen + 2 };
  return { next: doubleHyphen + 3 };
}

/** The processing instruction at `start` (`<?`): the offset after its `?>`. */
export function scanProcessingInstruction(reader: MarkupReader, start: number): { next: number } | XmlFault {
  const end = reader.source.indexOf('?>', start + 2);
  const forbidden = forbiddenCharIn(reader, start + 2, end === -1 ? reader.source.length : end);
  if (forbidden) return forbidden;
  if (end === -1) return { reason: 'unclosed token', offset: start };
  const target = reader.readName(start + 2);
  if (!target) return { reason: INVALID_TOKEN, offset: start + 2 };
  if (target.toLowerCase() === 'xml' && start !== 0) {
    return { reason: 'XML or text declaration not at start of entity', offset: start };
  }
  return { next: end + 2 };
}

/** The CDATA section at `start` (`<![CDATA[`): its text, and the offset after its `]]>`. */
export function scanCdata(reader: MarkupReader, start: number): { next: number; text: string } | XmlFault {
  const { source } = reader;
  const end = source.indexOf(']]>', start + 9);
  const forbidden = forbiddenCharIn(reader, start + 9, end === -1 ? source.length : end);
  if (forbidden) return forbidden;
  if (end === -1) {
    // expat points at a trailing "]" or "]]", the start of a "]]>" it could not finish.
    const partialEnd = source.endsWith(']]') ? 2 : source.endsWith(']') ? 1 : 0;
    return { reason: 'unclosed CDATA section', offset: source.length - partialEnd };
  }
  return { next: end + 3, text: source.slice(start + 9, end) };
}

/**
 * A `<!` that opens neither a comment nor CDATA: expat's error, or (a document type declaration
 * in the prolog whose header is complete) the header defusedxml refuses as DTDForbidden.
 */
export function readDeclaration(
  reader: MarkupReader,
  start: number,
  inContent: boolean,
): XmlFault | { name: string; systemId: string | null; publicId: string | null } {
  const { source } = reader;
  const next = start + 2;
  if (next >= source.length) return { reason: 'unclosed token', offset: start };
  if (source[next] === '-' || (inContent && source[next] === '[')) {
    // expat compares `<!--` or `<![CDATA[` character by character.
    const expected = source[next] === '-' ? '<!--' : '<![CDATA[';
    let index = next;
    while (index < source.length && source[index] === expected[index - start]) index += 1;
    return { reason: index >= source.length ? 'unclosed token' : INVALID_TOKEN, offset: index };
  }
  if (inContent) return { reason: INVALID_TOKEN, offset: next };
  if (source[next] === '[') return { reason: 'syntax error', offset: start };
  DECLARATION_NAME.lastIndex = next;
  const keyword = DECLARATION_NAME.exec(source)![0];
  const after = next + keyword.length;
  if (!keyword) return { reason: INVALID_TOKEN, offset: next };
  if (after >= source.length) return { reason: 'unclosed token', offset: start };
  if (!WHITESPACE.test(source[after]!) && source[after] !== '%') return { reason: INVALID_TOKEN, offset: after };
  if (keyword !== 'DOCTYPE') return { reason: 'syntax error', offset: start };
  const header = readDoctypeHeader(source, start, (index) => reader.readName(index));
  return header.kind === 'error' ? { reason: header.reason, offset: header.offset } : header;
}

import { WHITESPACE } from './xmlChars.js';
import { readDoctypeHeader } from './xmlDoctype.js';
import { INVALID_TOKEN, type MarkupReader, type XmlFault } from './xmlReader.js';

/** The letters expat reads after `<!` in the prolog before it decides what the declaration is. */
const DECLARATION_NAME = /[A-Za-z_]*/y;

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
    // expat wants the whole of `<!--` or `<![CDATA[` before it compares them, character by character.
    const expected = source[next] === '-' ? '<!--' : '<![CDATA[';
    if (start + expected.length > source.length) return { reason: 'unclosed token', offset: start };
    let index = next;
    while (source[index] === expected[index - start]) index += 1;
    return { reason: INVALID_TOKEN, offset: index };
  }
  if (inContent) return { reason: INVALID_TOKEN, offset: next };
  if (source[next] === '[') return { reason: 'syntax error', offset: start };
  DECLARATION_NAME.lastIndex = next;
  const keyword = DECLARATION_NAME.exec(source)![0];
  const after = next + keyword.length;
  if (!keyword) return { reason: INVALID_TOKEN, offset: next };
  if (after >= source.length) return { reason: 'unclosed token', offset: start };
  if (!WHITESPACE.test(source[after]!) && source[after] !== '%') return { reason: INVALID_TOKEN, offset: after };
  if (source[after] === '%') {
    // expat refuses `<!DOCTYPE% ` (a `%` then space or `%`) as a token, before any grammar.
    if (after + 1 >= source.length) return { reason: 'unclosed token', offset: start };
    if (/[ \t\n%]/.test(source[after + 1]!)) return { reason: INVALID_TOKEN, offset: after };
  }
  if (keyword !== 'DOCTYPE') return { reason: 'syntax error', offset: start };
  const header = readDoctypeHeader(reader, start);
  return header.kind === 'error' ? { reason: header.reason, offset: header.offset } : header;
}

import { nameAt, WHITESPACE } from './xmlChars.js';
import { forbiddenCharIn, INVALID_TOKEN, type MarkupReader, type XmlFault } from './xmlReader.js';

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

/**
 * The processing instruction at `start` (`<?`): the offset after its `?>`, and whether it is an
 * XML declaration (target `xml`; the same letters in another case are refused after them).
 */
export function scanProcessingInstruction(
  reader: MarkupReader,
  start: number,
): { next: number; xmlDeclaration: boolean } | XmlFault {
  const { source } = reader;
  const unclosed = { reason: 'unclosed token', offset: start };
  const targetAt = start + 2;
  if (targetAt >= source.length) return unclosed;
  const target = nameAt(source, targetAt, false);
  if (!target) return { reason: INVALID_TOKEN, offset: targetAt };
  const after = targetAt + target.length;
  if (after >= source.length) return unclosed;
  const xmlDeclaration = target === 'xml';
  const xmlInOtherCase = !xmlDeclaration && target.toLowerCase() === 'xml';
  const char = source[after]!;
  if (xmlInOtherCase || (!WHITESPACE.test(char) && char !== '?')) return { reason: INVALID_TOKEN, offset: after };
  if (char === '?') {
    if (after + 1 >= source.length) return unclosed;
    if (source[after + 1] !== '>') return { reason: INVALID_TOKEN, offset: after + 1 };
    return { next: after + 2, xmlDeclaration };
  }
  const end = source.indexOf('?>', after + 1);
  const forbidden = forbiddenCharIn(reader, after + 1, end === -1 ? source.length : end);
  if (forbidden) return forbidden;
  if (end === -1) return unclosed;
  return { next: end + 2, xmlDeclaration };
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

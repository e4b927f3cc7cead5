import { WHITESPACE } from './xmlChars.js';
import { xmlDeclarationFault } from './xmlDeclaration.js';
import { scanComment, scanProcessingInstruction } from './xmlScanners.js';
import { declarationToken, otherToken } from './xmlPrologTokens.js';
import { INVALID_TOKEN, type MarkupReader, type XmlFault } from './xmlReader.js';

/**
 * What stands outside the root element, read as expat's prolog tokenizer reads it (before the
 * root and after it alike): space, comments and processing instructions pass; the root's start
 * tag and `<!` declarations go back to the parser; anything else is refused with expat's words.
 * A token expat could read is misplaced ("syntax error" before the root, "junk after document
 * element" after it); one it cannot is an invalid token at the character that breaks it; one cut
 * off by the end of the document is an unclosed token.
 */
export type TopLevelStep = { next: number } | { kind: 'element' | 'declaration' };

export function topLevelStep(reader: MarkupReader, start: number, afterRoot: boolean): TopLevelStep | XmlFault {
  const { source } = reader;
  const char = source[start]!;
  if (WHITESPACE.test(char)) {
    let next = start + 1;
    while (next < source.length && WHITESPACE.test(source[next]!)) next += 1;
    return { next };
  }
  const misplaced = { reason: afterRoot ? 'junk after document element' : 'syntax error', offset: start };
  if (char !== '<') return otherToken(reader, start, misplaced);
  const next = source[start + 1];
  if (next === undefined) return { reason: 'unclosed token', offset: start };
  if (source.startsWith('<!--', start)) return scanComment(reader, start);
  if (next === '?') {
    const instruction = scanProcessingInstruction(reader, start);
    if ('reason' in instruction || !instruction.xmlDeclaration) return instruction;
    if (afterRoot) return misplaced;
    if (start !== 0) return { reason: 'XML or text declaration not at start of entity', offset: start };
    return xmlDeclarationFault(source, start, instruction.next - 2) ?? instruction;
  }
  if (next === '!') return afterRoot ? declarationToken(reader, start, misplaced) : { kind: 'declaration' };
  // expat takes any non-ASCII character after `<` for a start tag, and reads it there.
  if (/[A-Za-z_]/.test(next) || next > '\u007f') return afterRoot ? misplaced : { kind: 'element' };
  return { reason: INVALID_TOKEN, offset: start + 1 };
}

import { NAME_CHAR, NAME_START, nameAt, WHITESPACE } from './xmlChars.js';
import { forbiddenCharIn, INVALID_TOKEN, type MarkupReader, type XmlFault } from './xmlReader.js';
import { scanComment, scanProcessingInstruction } from './xmlScanners.js';

/*
 * expat's prolog tokenizer for what does not start with `<` or space, reduced to its verdict: a
 * token expat can read gets `misplaced` (where it stands, it is not allowed), one it cannot read
 * is an invalid token at the character that breaks it, one cut off by the end is unclosed.
 */

/** A token that does not start with `<` or space: a literal, a name, a `%` or `#` name, or a sign. */
export function otherToken(reader: MarkupReader, start: number, misplaced: XmlFault): XmlFault {
  const { source } = reader;
  const char = source[start]!;
  const invalidAt = (offset: number): XmlFault => ({ reason: INVALID_TOKEN, offset });
  const unclosed = { reason: 'unclosed token', offset: start };
  if (char === '"' || char === "'") {
    const close = source.indexOf(char, start + 1);
    const forbidden = forbiddenCharIn(reader, start + 1, close === -1 ? source.length : close);
    if (forbidden) return forbidden;
    if (close === -1) return unclosed;
    const after = source[close + 1];
    return after === undefined || /[ \t\n>%[]/.test(after) ? misplaced : invalidAt(close + 1);
  }
  if (char === '%' || char === '#') {
    const nameStart = start + 1;
    if (nameStart >= source.length) return unclosed;
    if (char === '%' && /[ \t\n%]/.test(source[nameStart]!)) return misplaced;
    const name = nameAt(source, nameStart, false);
    if (!name) return invalidAt(nameStart);
    const end = nameStart + name.length;
    if (char === '#') return end >= source.length || /[ \t\n)>%|]/.test(source[end]!) ? misplaced : invalidAt(end);
    if (end >= source.length) return unclosed;
    // A parameter entity reference has a word of its own in the prolog.
    if (source[end] !== ';') return invalidAt(end);
    return misplaced.reason === 'syntax error'
      ? { reason: 'illegal parameter entity reference', offset: start }
      : misplaced;
  }
  if (',[(|>'.includes(char)) return misplaced;
  if (char === ']') {
    // "]]" could still become "]]>": cut off, it is unclosed.
    return source[start + 1] === ']' && start + 2 >= source.length ? unclosed : misplaced;
  }
  if (char === ')') {
    const after = source[start + 1];
    return after === undefined || /[*?+ \t\n>,|)]/.test(after) ? misplaced : invalidAt(start + 1);
  }
  return nameToken(reader, start, misplaced);
}

/** A name or name token (a name that starts with a digit, `.`, `-` or a colon), with its colon rules. */
function nameToken(reader: MarkupReader, start: number, misplaced: XmlFault): XmlFault {
  const { source } = reader;
  const isNameChar = (char: string) => NAME_CHAR.test(char);
  const first = source[start]!;
  let kind: 'name' | 'prefixed' | 'token';
  if (NAME_START.test(first)) kind = 'name';
  else if (first === ':' || isNameChar(first)) kind = 'token';
  else return { reason: INVALID_TOKEN, offset: start };
  let index = start + 1;
  while (index < source.length) {
    const char = source[index]!;
    if (isNameChar(char)) {
      index += 1;
    } else if (/[>),|[% \t\n]/.test(char)) {
      return misplaced;
    } else if (char === ':') {
      index += 1;
      if (kind === 'name') {
        if (index >= source.length) return { reason: 'unclosed token', offset: start };
        kind = isNameChar(source[index]!) ? 'prefixed' : 'token';
      } else kind = 'token';
    } else if ('+*?'.includes(char)) {
      return kind === 'token' ? { reason: INVALID_TOKEN, offset: index } : misplaced;
    } else {
      return { reason: INVALID_TOKEN, offset: index };
    }
  }
  return misplaced;
}

/** A `<!` that is not a comment, read as a token: `misplaced` if expat can read it. */
export function declarationToken(reader: MarkupReader, start: number, misplaced: XmlFault): XmlFault {
  const { source } = reader;
  const first = start + 2;
  if (first >= source.length) return { reason: 'unclosed token', offset: start };
  if (source[first] === '-') {
    if (first + 1 >= source.length) return { reason: 'unclosed token', offset: start };
    return { reason: INVALID_TOKEN, offset: first + 1 };
  }
  if (source[first] === '[') return misplaced;
  let index = first;
  while (index < source.length && /[A-Za-z_]/.test(source[index]!)) index += 1;
  if (index === first) return { reason: INVALID_TOKEN, offset: first };
  if (index >= source.length) return { reason: 'unclosed token', offset: start };
  if (source[index] === '%') {
    const after = source[index + 1];
    if (after === undefined) return { reason: 'unclosed token', offset: start };
    return /[ \t\n%]/.test(after) ? { reason: INVALID_TOKEN, offset: index } : misplaced;
  }
  return WHITESPACE.test(source[index]!) ? misplaced : { reason: INVALID_TOKEN, offset: index };
}

/**
 * The fault of the token at `start` in a document type declaration's header, where expat's
 * tokenizer reads it before its grammar decides: null if the token is whole, so that only the
 * grammar refuses it ("syntax error").
 */
export function headerTokenFault(reader: MarkupReader, start: number): XmlFault | null {
  const { source } = reader;
  const syntaxError = { reason: 'syntax error', offset: start };
  if (source[start] === '<') {
    const next = source[start + 1];
    if (next === undefined) return { reason: 'unclosed token', offset: start };
    const markup = source.startsWith('<!--', start)
      ? scanComment(reader, start)
      : next === '?'
        ? scanProcessingInstruction(reader, start)
        : null;
    if (next === '!' && !markup) {
      const fault = declarationToken(reader, start, syntaxError);
      return fault === syntaxError ? null : fault;
    }
    if (markup && 'reason' in markup) return markup;
    if (markup && 'xmlDeclaration' in markup && markup.xmlDeclaration) {
      return { reason: 'XML or text declaration not at start of entity', offset: start };
    }
    return /[A-Za-z_!?]/.test(next) || next > '\u007f' ? null : { reason: INVALID_TOKEN, offset: start + 1 };
  }
  const fault = otherToken(reader, start, syntaxError);
  return fault === syntaxError ? null : fault;
}

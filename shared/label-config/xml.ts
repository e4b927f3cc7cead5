import type { XmlElement } from './types.js';
import { XmlDtdForbiddenError, XmlSyntaxError } from './xmlErrors.js';

export { XmlDtdForbiddenError, XmlSyntaxError };

const NAME_START_CHARS =
  'A-Za-z_:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHARS = `${NAME_START_CHARS}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
/** An XML Name, matched in place (sticky) at a given offset. */
// XML 1.0 name characters include combining marks and ZWJ/ZWNJ on purpose; these are ranges, not graphemes.
/* eslint-disable no-misleading-character-class */
const NAME = new RegExp(`[${NAME_START_CHARS}][${NAME_CHARS}]*`, 'uy');
const NAME_ONLY = new RegExp(`^[${NAME_START_CHARS}][${NAME_CHARS}]*$`, 'u');
/* eslint-enable no-misleading-character-class */
const WHITESPACE = /[ \t\n]/;
/** A character XML 1.0 forbids (expat: "not well-formed (invalid token)" at it). */
const FORBIDDEN_CHAR =
  // Control characters are exactly what this matches.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Deeper documents are refused: every consumer walks the tree and no label config needs this. */
export const MAX_XML_DEPTH = 1000;

/**
 * Parses XML the way Label Studio's defusedxml/expat does for label configs: namespaces are not
 * expanded, comments and processing instructions are dropped, CDATA becomes text, and any DTD is refused.
 */
export function parseXml(input: string): XmlElement {
  return new XmlParser(input).parseDocument();
}

class XmlParser {
  private readonly source: string;
  private position = 0;
  private readonly lineStarts: number[] = [0];
  /** Offsets of the characters XML forbids, found once (almost always none). */
  private readonly forbiddenChars: number[];

  constructor(input: string) {
    // XML end-of-line handling: CRLF and lone CR become LF before parsing.
    this.source = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    for (let index = this.source.indexOf('\n'); index !== -1; index = this.source.indexOf('\n', index + 1)) {
      this.lineStarts.push(index + 1);
    }
    this.forbiddenChars = [...this.source.matchAll(FORBIDDEN_CHAR)].map((match) => match.index);
  }

  parseDocument(): XmlElement {
    const stack: XmlElement[] = [];
    let root: XmlElement | undefined;
    const source = this.source;
    while (this.position < source.length) {
      const start = this.position;
      if (source[start] !== '<') {
        const end = source.indexOf('<', start);
        const stop = end === -1 ? source.length : end;
        const parent = stack.at(-1);
        if (!parent) {
          const firstNonSpace = this.skipSpace(start);
          if (firstNonSpace < stop)
            throw this.error(root ? 'junk after document element' : 'syntax error', firstNonSpace);
        } else {
          const text = this.decodeText(start, stop);
          if (parent.children.length === 0) parent.text += text;
          else parent.children.at(-1)!.tail += text;
        }
        this.position = stop;
        continue;
      }
      if (source.startsWith('<!--', start)) {
        this.skipComment(start);
      } else if (source.startsWith('<![CDATA[', start)) {
        const parent = stack.at(-1);
        if (!parent) throw this.error(root ? 'junk after document element' : 'syntax error', start);
        const end = source.indexOf(']]>', start + 9);
        if (end === -1) throw this.error('unclosed CDATA section', start);
        const text = source.slice(start + 9, end);
        if (parent.children.length === 0) parent.text += text;
        else parent.children.at(-1)!.tail += text;
        this.position = end + 3;
      } else if (source.startsWith('<!DOCTYPE', start)) {
        if (root) throw this.error('junk after document element', start);
        this.refuseDoctype(start);
      } else if (source.startsWith('<?', start)) {
        this.skipProcessingInstruction(start);
      } else if (source.startsWith('</', start)) {
        const element = stack.pop();
        if (!element) throw this.error(root ? 'junk after document element' : 'syntax error', start);
        this.readEndTag(element, start);
      } else {
        if (root && stack.length === 0) throw this.error('junk after document element', start);
        const { element, selfClosing } = this.readStartTag(start);
        const parent = stack.at(-1);
        if (parent) parent.children.push(element);
        else root = element;
        if (!selfClosing) {
          stack.push(element);
          if (stack.length > MAX_XML_DEPTH) {
            throw this.error(`elements nested deeper than ${MAX_XML_DEPTH} levels`, start);
          }
        }
      }
    }
    if (!root || stack.length > 0) throw this.error('no element found', source.length);
    return root;
  }

  private readStartTag(start: number): { element: XmlElement; selfClosing: boolean } {
    const source = this.source;
    let index = start + 1;
    const tag = this.readName(index);
    if (!tag)
      throw this.error(
        index >= source.length ? 'unclosed token' : 'not well-formed (invalid token)',
        index >= source.length ? start : index,
      );
    index += tag.length;
    const { line, column } = this.locate(start);
    const element: XmlElement = { tag, attributes: {}, children: [], text: '', tail: '', line, column };
    for (;;) {
      const afterSpace = this.skipSpace(index);
      if (afterSpace >= source.length) throw this.error('unclosed token', start);
      const char = source[afterSpace];
      if (char === '>') {
        this.position = afterSpace + 1;
        return { element, selfClosing: false };
      }
      if (char === '/') {
        if (source[afterSpace + 1] !== '>') {
          throw this.error(
            afterSpace + 1 >= source.length ? 'unclosed token' : 'not well-formed (invalid token)',
            afterSpace + 1 >= source.length ? start : afterSpace,
          );
        }
        this.position = afterSpace + 2;
        return { element, selfClosing: true };
      }
      if (afterSpace === index) throw this.error('not well-formed (invalid token)', afterSpace);
      index = this.readAttribute(element, afterSpace, start);
    }
  }

  private readAttribute(element: XmlElement, nameStart: number, tagStart: number): number {
    const source = this.source;
    const name = this.readName(nameStart);
    if (!name) throw this.error('not well-formed (invalid token)', nameStart);
    let index = this.skipSpace(nameStart + name.length);
    if (index >= source.length) throw this.error('unclosed token', tagStart);
    if (source[index] !== '=') throw this.error('not well-formed (invalid token)', index);
    index = this.skipSpace(index + 1);
    if (index >= source.length) throw this.error('unclosed token', tagStart);
    const quote = source[index];
    if (quote !== '"' && quote !== "'") throw this.error('not well-formed (invalid token)', index);
    const end = source.indexOf(quote, index + 1);
    if (end === -1) throw this.error('unclosed token', tagStart);
    const lessThan = source.indexOf('<', index + 1);
    this.refuseForbiddenChars(index + 1, lessThan !== -1 && lessThan < end ? lessThan : end);
    if (lessThan !== -1 && lessThan < end) throw this.error('not well-formed (invalid token)', lessThan);
    if (Object.hasOwn(element.attributes, name)) throw this.error('duplicate attribute', nameStart);
    // Attribute-value normalization: literal whitespace characters become spaces; references keep theirs.
    element.attributes[name] = this.decodeReferences(
      source.slice(index + 1, end).replace(/[\t\n]/g, ' '),
      index + 1,
      tagStart,
    );
    const next = end + 1;
    if (next < source.length && !WHITESPACE.test(source[next]!) && source[next] !== '>' && source[next] !== '/') {
      throw this.error('not well-formed (invalid token)', next);
    }
    return next;
  }

  private readEndTag(element: XmlElement, start: number): void {
    const nameStart = start + 2;
    const name = this.readName(nameStart);
    if (name !== element.tag) {
      if (!name && nameStart >= this.source.length) throw this.error('unclosed token', start);
      throw this.error(name ? 'mismatched tag' : 'not well-formed (invalid token)', nameStart);
    }
    const close = this.skipSpace(nameStart + name.length);
    if (close >= this.source.length) throw this.error('unclosed token', start);
    if (this.source[close] !== '>') throw this.error('not well-formed (invalid token)', close);
    this.position = close + 1;
  }

  private skipComment(start: number): void {
    const end = this.source.indexOf('-->', start + 4);
    if (end === -1) throw this.error('unclosed token', start);
    const doubleHyphen = this.source.indexOf('--', start + 4);
    this.refuseForbiddenChars(start + 4, Math.min(doubleHyphen, end));
    // expat reads past the "--" before it finds that no ">" follows.
    if (doubleHyphen < end) throw this.error('not well-formed (invalid token)', doubleHyphen + 2);
    this.position = end + 3;
  }

  private skipProcessingInstruction(start: number): void {
    const end = this.source.indexOf('?>', start + 2);
    if (end === -1) throw this.error('unclosed token', start);
    const target = this.readName(start + 2);
    if (!target) throw this.error('not well-formed (invalid token)', start + 2);
    if (target.toLowerCase() === 'xml' && start !== 0) {
      throw this.error('XML or text declaration not at start of entity', start);
    }
    this.position = end + 2;
  }

  private refuseDoctype(start: number): never {
    const header =
      /^<!DOCTYPE\s+([^\s[>]+)(?:\s+(?:SYSTEM\s+(["'])(.*?)\2|PUBLIC\s+(["'])(.*?)\4\s+(["'])(.*?)\6))?/.exec(
        this.source.slice(start, start + 2000),
      );
    if (!header) throw this.error('not well-formed (invalid token)', start);
    throw new XmlDtdForbiddenError(header[1]!, header[3] ?? header[7] ?? null, header[5] ?? null);
  }

  private readName(index: number): string {
    NAME.lastIndex = index;
    return NAME.exec(this.source)?.[0] ?? '';
  }

  private skipSpace(index: number): number {
    while (index < this.source.length && WHITESPACE.test(this.source[index]!)) index += 1;
    return index;
  }

  private decodeText(start: number, stop: number): string {
    const raw = this.source.slice(start, stop);
    const bracket = raw.indexOf(']]>');
    this.refuseForbiddenChars(start, bracket === -1 ? stop : start + bracket);
    if (bracket !== -1) throw this.error('not well-formed (invalid token)', start + bracket);
    return this.decodeReferences(raw, start, null);
  }

  /** Throws at the first character XML forbids in [start, end), as expat does. */
  private refuseForbiddenChars(start: number, end: number): void {
    const found = this.forbiddenChars.find((offset) => offset >= start);
    if (found !== undefined && found < end) throw this.error('not well-formed (invalid token)', found);
  }

  /**
   * Resolves the five predefined entities and character references; anything else is undefined.
   * In an attribute (`tagStart` given) expat reports an undefined entity at its element's start.
   */
  private decodeReferences(raw: string, offset: number, tagStart: number | null): string {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&<\s]*)(;?)/g, (_match, body: string, semicolon: string, at: number) => {
      const where = offset + at;
      if (!semicolon || body === '') throw this.error('not well-formed (invalid token)', where);
      if (body.startsWith('#')) {
        const code = /^#x[0-9a-fA-F]+$/.test(body)
          ? Number.parseInt(body.slice(2), 16)
          : /^#[0-9]+$/.test(body)
            ? Number.parseInt(body.slice(1), 10)
            : Number.NaN;
        if (Number.isNaN(code)) throw this.error('not well-formed (invalid token)', where);
        if (!isXmlChar(code)) throw this.error('reference to invalid character number', where);
        return String.fromCodePoint(code);
      }
      const value = PREDEFINED_ENTITIES[body];
      if (value !== undefined) return value;
      if (!NAME_ONLY.test(body)) throw this.error('not well-formed (invalid token)', where);
      throw this.error('undefined entity', tagStart ?? where);
    });
  }

  private locate(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! };
  }

  private error(reason: string, offset: number): XmlSyntaxError {
    const { line, column } = this.locate(offset);
    return new XmlSyntaxError(reason, line, column);
  }
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

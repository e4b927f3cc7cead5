import type { XmlElement } from './types.js';
import { nameAt, NAME_START, WHITESPACE } from './xmlChars.js';
import { misplacedColon } from './xmlNamespaces.js';
import { INVALID_TOKEN, type DocumentReader } from './xmlReader.js';
import { decodeUpTo } from './xmlText.js';

/** An attribute as tokenized: where its name, its value, a `<` in it (else its end) and its closing quote stand. */
interface PendingAttribute {
  name: string;
  nameStart: number;
  start: number;
  limit: number;
  end: number;
  /** The value, when it holds no reference: nothing is left to resolve. */
  value: string | null;
}

/** What stands at `at` where the tag at `tagStart` needs something else: cut off by the end, or an invalid token. */
function refuseAt(reader: DocumentReader, at: number, tagStart: number): never {
  return at >= reader.source.length ? reader.fail('unclosed token', tagStart) : reader.fail(INVALID_TOKEN, at);
}

function skipSpace(source: string, index: number): number {
  while (index < source.length && WHITESPACE.test(source[index]!)) index += 1;
  return index;
}

/** The start tag at `start`: its element (no children yet), whether it closes itself, and the offset after it. */
export function readStartTag(
  reader: DocumentReader,
  start: number,
): { element: XmlElement; selfClosing: boolean; next: number } {
  const { source } = reader;
  const tag = nameAt(source, start + 1);
  if (!tag) refuseAt(reader, start + 1, start);
  refuseMisplacedColon(reader, tag, start + 1, start);
  const { line, column } = reader.locate(start);
  const element: XmlElement = { tag, attributes: {}, children: [], text: '', tail: '', line, column };
  const attributes: PendingAttribute[] = [];
  let index = start + 1 + tag.length;
  for (;;) {
    const afterSpace = skipSpace(source, index);
    if (afterSpace >= source.length) reader.fail('unclosed token', start);
    const char = source[afterSpace];
    if (char === '>' || char === '/') {
      const selfClosing = char === '/';
      if (selfClosing && source[afterSpace + 1] !== '>') refuseAt(reader, afterSpace + 1, start);
      storeAttributes(reader, element, attributes, start);
      return { element, selfClosing, next: afterSpace + (selfClosing ? 2 : 1) };
    }
    if (afterSpace === index) reader.fail(INVALID_TOKEN, afterSpace);
    const attribute = readAttribute(reader, afterSpace, start);
    attributes.push(attribute);
    index = attribute.end + 1;
  }
}

/** An attribute as expat tokenizes it: its value's references are resolved once the tag is whole. */
function readAttribute(reader: DocumentReader, nameStart: number, tagStart: number): PendingAttribute {
  const { source } = reader;
  const name = nameAt(source, nameStart);
  if (!name) reader.fail(INVALID_TOKEN, nameStart);
  refuseMisplacedColon(reader, name, nameStart, tagStart);
  let index = skipSpace(source, nameStart + name.length);
  if (source[index] !== '=') refuseAt(reader, index, tagStart);
  index = skipSpace(source, index + 1);
  const quote = source[index];
  if (quote !== '"' && quote !== "'") refuseAt(reader, index, tagStart);
  const end = source.indexOf(quote, index + 1);
  if (end === -1) reader.fail('unclosed token', tagStart);
  const lessThan = source.indexOf('<', index + 1);
  const limit = lessThan !== -1 && lessThan < end ? lessThan : end;
  // The value's form is checked now; its references are resolved when the tag is whole.
  const read = decodeUpTo(reader, index + 1, limit, end, { tagStart, resolve: false });
  // Searched in the value alone: a search of the rest of the document per attribute is quadratic.
  const value = source.slice(index + 1, limit).includes('&') ? null : read;
  const attribute = { name, nameStart, start: index + 1, limit, end, value };
  const next = source[end + 1];
  if (next !== undefined && !WHITESPACE.test(next) && next !== '>' && next !== '/') reader.fail(INVALID_TOKEN, end + 1);
  return attribute;
}

/**
 * expat checks a start tag's attributes only when the whole tag is read: each in turn is
 * refused as a duplicate, then its references are resolved (an undefined entity or a reference
 * to a character XML forbids is refused there). Literal whitespace in a value becomes spaces.
 */
function storeAttributes(
  reader: DocumentReader,
  element: XmlElement,
  attributes: PendingAttribute[],
  tagStart: number,
): void {
  for (const { name, nameStart, start, limit, end, value } of attributes) {
    if (Object.hasOwn(element.attributes, name)) reader.fail('duplicate attribute', nameStart);
    element.attributes[name] = value ?? decodeUpTo(reader, start, limit, end, { tagStart, resolve: true });
  }
}

/** The end tag at `start`, which must close `element`: the offset after it. */
export function readEndTag(reader: DocumentReader, element: XmlElement, start: number): number {
  const { source } = reader;
  const nameStart = start + 2;
  const name = nameAt(source, nameStart);
  if (!name) refuseAt(reader, nameStart, start);
  // expat reads the whole end tag before it compares the name, colons and all (no namespace
  // checks: the name must match the start tag's).
  const close = skipSpace(source, nameStart + name.length);
  if (close >= source.length) reader.fail('unclosed token', start);
  if (source[close] !== '>') reader.fail(INVALID_TOKEN, close);
  if (name !== element.tag) reader.fail('mismatched tag', nameStart);
  return close + 1;
}

/** ElementTree's parser reads names with namespaces: a colon stands only between two parts. */
function refuseMisplacedColon(reader: DocumentReader, name: string, nameStart: number, tagStart: number): void {
  const colon = misplacedColon(name, (char) => NAME_START.test(char));
  if (colon === -1) return;
  if (nameStart + colon >= reader.source.length) reader.fail('unclosed token', tagStart);
  reader.fail(INVALID_TOKEN, nameStart + colon);
}

import { nameAt } from './xmlChars.js';
import { forbiddenCharIn, INVALID_TOKEN, type DocumentReader } from './xmlReader.js';
import { readReference } from './xmlReferences.js';

/** An attribute value being read: its element's start, and whether its references are resolved yet. */
export interface AttributeContext {
  tagStart: number;
  resolve: boolean;
}

/** Character data between tags, with its references resolved. */
export function decodeText(reader: DocumentReader, start: number, stop: number): string {
  // Searched in the slice: searching the rest of the document for each text is quadratic.
  const bracket = reader.source.slice(start, stop).indexOf(']]>');
  // expat knows `]]>` for what it is at its `>`.
  return decodeUpTo(reader, start, bracket === -1 ? stop : start + bracket, stop, null, 2);
}

/**
 * The text of [start, stop) with its references resolved, refused at the first character XML
 * forbids or at `limit` (a `]]>` in text, a `<` in an attribute) if before `stop`: expat's
 * first error in document order. In an attribute literal tabs and newlines become spaces, and
 * references are only checked for their form until `resolve` (see xmlTags.ts).
 */
export function decodeUpTo(
  reader: DocumentReader,
  start: number,
  limit: number,
  stop: number,
  attribute: AttributeContext | null,
  limitShift = 0,
): string {
  const { source } = reader;
  const forbidden = forbiddenCharIn(reader, start, limit);
  const end = forbidden ? forbidden.offset : limit;
  const parts: string[] = [];
  const text = source.slice(start, end);
  let index = start;
  while (index < end) {
    const ampersand = text.indexOf('&', index - start);
    const literalEnd = ampersand === -1 ? end : start + ampersand;
    const literal = source.slice(index, literalEnd);
    parts.push(attribute === null ? literal : literal.replace(/[\t\n]/g, ' '));
    if (literalEnd === end) break;
    const reference = resolveReference(reader, literalEnd, attribute);
    parts.push(reference.value);
    index = reference.end;
  }
  if (end < stop) reader.fail(INVALID_TOKEN, end === limit ? end + limitShift : end);
  return parts.join('');
}

/** The reference at `at` (an `&`): its value and the offset after its `;`. */
function resolveReference(
  reader: DocumentReader,
  at: number,
  attribute: AttributeContext | null,
): { value: string; end: number } {
  const { source } = reader;
  // References hold no colon: expat reads their names without namespaces.
  const reference = readReference(source, at, (index) => nameAt(source, index, false));
  if (!('reason' in reference)) return reference;
  const wellFormed =
    reference.reason === 'undefined entity' || reference.reason === 'reference to invalid character number';
  if (attribute && !attribute.resolve && wellFormed) return { value: '', end: source.indexOf(';', at) + 1 };
  // An undefined entity in an attribute is reported at its element's start, as expat does.
  const inAttribute = attribute && reference.reason === 'undefined entity';
  return reader.fail(reference.reason, inAttribute ? attribute.tagStart : reference.offset);
}

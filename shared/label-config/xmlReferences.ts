import { isXmlChar } from './xmlChars.js';

const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The entity or character reference at `at` (an `&`): its value and the offset after its `;`, or
 * expat's error at the first character that breaks it. Without a DTD (always refused) only the
 * five predefined entities exist: any other name is an undefined entity, never expanded.
 */
export function readReference(
  source: string,
  at: number,
  readName: (index: number) => string,
): { value: string; end: number } | { reason: string; offset: number } {
  let index = at + 1;
  if (source[index] === '#') {
    const isHex = source[index + 1] === 'x';
    index += isHex ? 2 : 1;
    const digitsStart = index;
    const digit = isHex ? /[0-9a-fA-F]/ : /[0-9]/;
    while (index < source.length && digit.test(source[index]!)) index += 1;
    if (index >= source.length) return { reason: 'unclosed token', offset: at };
    if (index === digitsStart || source[index] !== ';')
      return { reason: 'not well-formed (invalid token)', offset: index };
    const code = Number.parseInt(source.slice(digitsStart, index), isHex ? 16 : 10);
    if (!isXmlChar(code)) return { reason: 'reference to invalid character number', offset: at };
    return { value: String.fromCodePoint(code), end: index + 1 };
  }
  const name = readName(index);
  index += name.length;
  if (index >= source.length) return { reason: 'unclosed token', offset: at };
  if (!name || source[index] !== ';') return { reason: 'not well-formed (invalid token)', offset: index };
  const value = PREDEFINED_ENTITIES[name];
  if (value === undefined) return { reason: 'undefined entity', offset: at };
  return { value, end: index + 1 };
}

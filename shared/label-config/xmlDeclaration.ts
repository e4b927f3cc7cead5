import type { XmlFault } from './xmlReader.js';

/**
 * The XML declaration at the start of a document (`<?xml version="1.0" …?>`), checked as expat
 * checks it: `version`, then an optional `encoding` that starts with a letter, then an optional
 * `standalone` of yes or no, each value of ASCII letters, digits, `.`, `_` and `-`. The fault is
 * "XML declaration not well-formed" where expat stops. The encoding itself is never used: Label
 * Studio hands expat text, so Python has already decoded it.
 */
export function xmlDeclarationFault(source: string, start: number, end: number): XmlFault | null {
  const bad = (offset: number): XmlFault => ({ reason: 'XML declaration not well-formed', offset });
  let pseudo = pseudoAttribute(source, start + '<?xml'.length, end);
  if ('bad' in pseudo) return bad(pseudo.bad);
  if (pseudo.name === null) return bad(start + '<?xml'.length);
  if (pseudo.name !== 'version') return bad(pseudo.nameAt);
  pseudo = pseudoAttribute(source, pseudo.next, end);
  if ('bad' in pseudo) return bad(pseudo.bad);
  if (pseudo.name === null) return null;
  if (pseudo.name === 'encoding') {
    if (!/^[A-Za-z]/.test(pseudo.value)) return bad(pseudo.valueAt);
    pseudo = pseudoAttribute(source, pseudo.next, end);
    if ('bad' in pseudo) return bad(pseudo.bad);
    if (pseudo.name === null) return null;
  }
  if (pseudo.name !== 'standalone') return bad(pseudo.nameAt);
  if (pseudo.value !== 'yes' && pseudo.value !== 'no') return bad(pseudo.valueAt);
  let index = pseudo.next;
  while (index < end && isSpace(source[index])) index += 1;
  return index === end ? null : bad(index);
}

type PseudoAttribute =
  { bad: number } | { name: null } | { name: string; nameAt: number; value: string; valueAt: number; next: number };

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n';
}

/** One `name="value"` after at least one space, or nothing left before `end`. */
function pseudoAttribute(source: string, at: number, end: number): PseudoAttribute {
  // expat reads the declaration as ASCII: anything else, or the end, is no character at all.
  const ascii = (index: number) => (index < end && source[index]! <= '\u007f' ? source[index] : undefined);
  let index = at;
  if (index === end) return { name: null };
  if (!isSpace(ascii(index))) return { bad: index };
  while (isSpace(ascii(index))) index += 1;
  if (index === end) return { name: null };
  const nameAt = index;
  let nameEnd: number;
  for (;;) {
    const char = ascii(index);
    if (char === undefined) return { bad: index };
    if (char === '=') {
      nameEnd = index;
      break;
    }
    if (isSpace(char)) {
      nameEnd = index;
      while (isSpace(ascii(index))) index += 1;
      if (ascii(index) !== '=') return { bad: index };
      break;
    }
    index += 1;
  }
  if (index === nameAt) return { bad: index };
  index += 1;
  while (isSpace(ascii(index))) index += 1;
  const quote = ascii(index);
  if (quote !== '"' && quote !== "'") return { bad: index };
  const valueAt = index + 1;
  for (index = valueAt; ascii(index) !== quote; index += 1) {
    if (!/^[A-Za-z0-9._-]$/.test(ascii(index) ?? '')) return { bad: index };
  }
  return { name: source.slice(nameAt, nameEnd), nameAt, value: source.slice(valueAt, index), valueAt, next: index + 1 };
}

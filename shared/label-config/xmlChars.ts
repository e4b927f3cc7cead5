/** The characters of XML 1.0 as expat reads them. */
import { NAME_CLASS, NAME_START_CLASS } from './xmlNameRanges.js';

/**
 * An XML name as expat reads it (fourth edition classes), matched in place (sticky). ElementTree's
 * parser runs expat in namespace mode, where a colon never starts a name and stands inside one
 * only between two parts (xmlNamespaces.ts checks where).
 */
const NAME = new RegExp(`[${NAME_START_CLASS}][${NAME_CLASS}:]*`, 'uy');
/** A name without colons: what expat reads in references, PI targets and `%` or `#` names. */
const NC_NAME = new RegExp(`[${NAME_START_CLASS}][${NAME_CLASS}]*`, 'uy');
const ASCII_NAME = /[A-Za-z_][A-Za-z0-9._:-]*/y;
const ASCII_NC_NAME = /[A-Za-z_][A-Za-z0-9._-]*/y;

/**
 * The name at `index` ('' if none), with colons (NAME) or without (NC_NAME). An ASCII name, as
 * nearly all are, is read without the Unicode classes, which cost a quarter of a parse.
 */
export function nameAt(source: string, index: number, colons = true): string {
  const ascii = colons ? ASCII_NAME : ASCII_NC_NAME;
  ascii.lastIndex = index;
  const found = ascii.exec(source)?.[0] ?? '';
  if (!(source.charCodeAt(index + found.length) >= 0x80)) return found;
  const full = colons ? NAME : NC_NAME;
  full.lastIndex = index;
  return full.exec(source)?.[0] ?? '';
}

/** Whether a single character can start a name. */
export const NAME_START = new RegExp(`^[${NAME_START_CLASS}]$`, 'u');
/** Whether a single character can stand in a name after its first (a colon aside). */
export const NAME_CHAR = new RegExp(`^[${NAME_CLASS}]$`, 'u');
export const WHITESPACE = /[ \t\n]/;
/** A character XML 1.0 forbids (expat: "not well-formed (invalid token)" at it). */
export const FORBIDDEN_CHAR =
  // Control characters are exactly what this matches.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A code point XML 1.0 allows (a character reference to any other is refused). */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

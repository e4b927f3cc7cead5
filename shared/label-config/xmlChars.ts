/** The characters of XML 1.0 as expat reads them. */
const NAME_START_CHARS =
  'A-Za-z_:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHARS = `${NAME_START_CHARS}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
/** An XML Name, matched in place (sticky) at a given offset. */
// XML 1.0 name characters include combining marks and ZWJ/ZWNJ on purpose; these are ranges, not graphemes.
/* eslint-disable no-misleading-character-class */
export const NAME = new RegExp(`[${NAME_START_CHARS}][${NAME_CHARS}]*`, 'uy');
/* eslint-enable no-misleading-character-class */
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

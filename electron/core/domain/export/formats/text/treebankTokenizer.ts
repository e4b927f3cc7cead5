/*
 * NLTK's TreebankWordTokenizer.span_tokenize with the converter's PUNCTUATION override (`/` split
 * off), docs/export-formats.md#conll2003. Python's `re` is Unicode-aware, so `\s`, `\d` and `\b`
 * are spelled out here as Python understands them.
 */

/** Python's str.isspace() characters: what `\s` and str.split() treat as whitespace. */
const WS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** Python's `\w` in a str pattern: letters, numbers and the underscore. */
const WORD = '[\\p{L}\\p{N}_]';
const BOUNDARY_BEFORE = `(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD})`;
/** Python's `$` without MULTILINE: the end, or just before a final newline. */
const END = '(?=\\n?$)';

type Rule = [RegExp, string];

const STARTING_QUOTES: Rule[] = [
  [/^"/u, '``'],
  [/(``)/gu, ' $1 '],
  [/([ ([{<])("|'{2})/gu, '$1 `` '],
];

const PUNCTUATION: Rule[] = [
  [/([:,])([^\p{Nd}])/gu, ' $1 $2'],
  [new RegExp(`([:,])${END}`, 'gu'), ' $1 '],
  [/\.\.\./gu, ' ... '],
  [/[;@#$/%&]/gu, ' $& '],
  [new RegExp(`([^.])(\\.)([\\])}>"']*)[${WS}]*${END}`, 'gu'), '$1 $2$3 '],
  [/[?!]/gu, ' $& '],
  [/([^'])' /gu, "$1 ' "],
];

const PARENS_BRACKETS: Rule = [/[\][(){}<>]/gu, ' $& '];
const DOUBLE_DASHES: Rule = [/--/gu, ' -- '];

const ENDING_QUOTES: Rule[] = [
  [/''/gu, " '' "],
  [/"/gu, " '' "],
  [/([^' ])('[sS]|'[mM]|'[dD]|') /gu, '$1 $2 '],
  [/([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) /gu, '$1 $2 '],
];

function boundaryWrapped(first: string, second: string, tail: string): RegExp {
  return new RegExp(`(?:${BOUNDARY_BEFORE})(${first})(${second})${tail}`, 'giu');
}

const WORD_END = `(?:${BOUNDARY_BEFORE})`;
const CONTRACTIONS: RegExp[] = [
  boundaryWrapped('can', 'not', WORD_END),
  boundaryWrapped('d', "'ye", WORD_END),
  boundaryWrapped('gim', 'me', WORD_END),
  boundaryWrapped('gon', 'na', WORD_END),
  boundaryWrapped('got', 'ta', WORD_END),
  boundaryWrapped('lem', 'me', WORD_END),
  boundaryWrapped('more', "'n", WORD_END),
  boundaryWrapped('wan', 'na', `(?=[${WS}])`),
  new RegExp(`(?: )('t)(is)${WORD_END}`, 'giu'),
  new RegExp(`(?: )('t)(was)${WORD_END}`, 'giu'),
];

const SPLIT = new RegExp(`[${WS}]+`, 'u');

/** `TreebankWordTokenizer.tokenize`: the token strings. */
export function treebankTokens(input: string): string[] {
  let text = input;
  for (const [pattern, replacement] of STARTING_QUOTES) text = text.replace(pattern, replacement);
  for (const [pattern, replacement] of PUNCTUATION) text = text.replace(pattern, replacement);
  text = text.replace(PARENS_BRACKETS[0], PARENS_BRACKETS[1]);
  text = text.replace(DOUBLE_DASHES[0], DOUBLE_DASHES[1]);
  text = ` ${text} `;
  for (const [pattern, replacement] of ENDING_QUOTES) text = text.replace(pattern, replacement);
  for (const pattern of CONTRACTIONS) text = text.replace(pattern, ' $1 $2 ');
  return text.split(SPLIT).filter((token) => token.length > 0);
}

/** Maps UTF-16 offsets of `text` to code point offsets, which is how Python counts. */
function codePointOffsets(text: string): (offset: number) => number {
  if (!/[\uD800-\uDFFF]/u.test(text) && !/[\uD800-\uDFFF]/.test(text)) return (offset) => offset;
  const table = new Int32Array(text.length + 1);
  let codePoints = 0;
  for (let i = 0; i < text.length; i += 1) {
    table[i] = codePoints;
    const unit = text.charCodeAt(i);
    // The second unit of a surrogate pair belongs to the same code point.
    if (!(unit >= 0xdc00 && unit <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1)))) codePoints += 1;
  }
  table[text.length] = codePoints;
  return (offset) => table[offset]!;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * `span_tokenize`: each token with its start and length in code points, as Python counts them.
 * Converted quotes are put back as the quotes the text really has, then each token is found from
 * where the previous one ended.
 */
export function treebankSpans(text: string): { token: string; start: number; length: number }[] {
  let tokens = treebankTokens(text);
  if (text.includes('"') || text.includes("''")) {
    const found = [...text.matchAll(/``|'{2}|"/gu)].map((match) => match[0]);
    tokens = tokens.map((token) =>
      token === '"' || token === '``' || token === "''" ? (found.shift() ?? token) : token,
    );
  }
  const toCodePoints = codePointOffsets(text);
  const spans: { token: string; start: number; length: number }[] = [];
  let point = 0;
  for (const token of tokens) {
    const start = text.indexOf(token, point);
    if (start < 0) throw new Error(`substring "${token}" not found in "${text}"`);
    point = start + token.length;
    const codePointStart = toCodePoints(start);
    spans.push({ token, start: codePointStart, length: toCodePoints(point) - codePointStart });
  }
  return spans;
}

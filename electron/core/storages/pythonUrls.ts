/*
 * Two Python behaviours storages must match: urllib.parse.quote (the `?d=` of local-files URLs
 * and keys in URIs) and re.match (the regex filter, anchored at the start only).
 */

const UNRESERVED = /[A-Za-z0-9_.\-~]/;

/** urllib.parse.quote(text, safe='/'): UTF-8 percent-encoding of everything but `A-Za-z0-9_.-~/`. */
export function pythonQuote(text: string, safe = '/'): string {
  let out = '';
  for (const char of text) {
    if (UNRESERVED.test(char) || safe.includes(char)) {
      out += char;
      continue;
    }
    for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const compiled = new Map<string, RegExp | null>();

function compile(pattern: string, flags: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})`, flags);
  } catch {
    return null;
  }
}

/**
 * re.match(pattern, text): does the pattern match at the start of the text? Python's syntax and
 * JavaScript's agree on what filters use (classes, groups, alternation, quantifiers). Read in
 * Unicode mode when it allows (Python's \w is Unicode), else as is (it allows more escapes); a
 * pattern JavaScript cannot read matches nothing rather than everything.
 */
export function pythonReMatch(pattern: string, text: string): boolean {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    regex = compile(pattern, 'u') ?? compile(pattern, '');
    compiled.set(pattern, regex);
  }
  return regex !== null && regex.test(text);
}

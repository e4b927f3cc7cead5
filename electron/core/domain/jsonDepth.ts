/*
 * Python's json module recurses once per nesting level and gives up near its recursion limit (1000
 * frames), so Label Studio never takes a document nested that deep. Outpost refuses one before
 * parsing: the code that walks parsed values (Python reprs, error messages, serializers) recurses
 * too, and a document 100,000 levels deep would overflow the stack.
 */
export const MAX_JSON_DEPTH = 900;

const OPEN = new Set(['[', '{']);
const CLOSE = new Set([']', '}']);

/** Python's RecursionError text for the bracket that went one level too deep. */
export function tooDeepMessage(opening: string): string {
  const kind = opening === '[' ? 'array' : 'object';
  return `maximum recursion depth exceeded while decoding a JSON ${kind} from a unicode string`;
}

/**
 * Python's message for a document nested deeper than MAX_JSON_DEPTH (`maximum recursion depth
 * exceeded while decoding a JSON array from a unicode string`), or null when it is not that deep.
 * Brackets inside strings do not count; the document need not be valid JSON.
 */
export function jsonDepthError(text: string): string | null {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (OPEN.has(char)) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return tooDeepMessage(char);
    } else if (CLOSE.has(char)) {
      depth -= 1;
    }
  }
  return null;
}

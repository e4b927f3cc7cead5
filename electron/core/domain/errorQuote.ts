/**
 * How much of a request's own data an error message quotes. Label Studio prints a bad item whole;
 * a 10 MB task would come back as a 10 MB error (and fill a terminal or a toast), so longer
 * quotes are cut, saying how long the whole was. The start is what tells an item apart.
 */
export const MAX_QUOTED_CHARS = 500;

export function shortenedQuote(text: string): string {
  if (text.length <= MAX_QUOTED_CHARS) return text;
  let end = MAX_QUOTED_CHARS;
  // Never cut between the two halves of a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (${text.length.toLocaleString('en-US')} characters in all)`;
}

/** Where expat stops on a document, and the words it says there. */
export interface XmlFault {
  reason: string;
  offset: number;
}

/** What a scanner needs from the parser: the text, and where XML's forbidden characters are. */
export interface MarkupReader {
  source: string;
  /** The offset of the first character XML forbids at or after `offset`, if any. */
  forbiddenFrom(offset: number): number | undefined;
}

/** The parser as the tag and text readers see it: they stop the parse with `fail`. */
export interface DocumentReader extends MarkupReader {
  fail(reason: string, offset: number): never;
  locate(offset: number): { line: number; column: number };
}

export const INVALID_TOKEN = 'not well-formed (invalid token)';

/** expat's complaint about the first forbidden character in [start, end), if there is one. */
export function forbiddenCharIn(reader: MarkupReader, start: number, end: number): XmlFault | null {
  const found = reader.forbiddenFrom(start);
  return found !== undefined && found < end ? { reason: INVALID_TOKEN, offset: found } : null;
}

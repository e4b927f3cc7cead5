/*
 * Tesseract's TSV output read as text lines. Its rows are levels of one tree: 1 the page (whose
 * box is the whole image, so its size comes from here without decoding the image twice), 4 a line,
 * 5 a word with its confidence. A line's text is its words joined by single spaces.
 */

export interface OcrLine {
  /** Pixels from the image's top left corner, as the image is displayed (EXIF orientation applied). */
  left: number;
  top: number;
  width: number;
  height: number;
  text: string;
  /** The mean of its words' confidences, from 0 to 1. */
  confidence: number;
}

export interface OcrPage {
  width: number;
  height: number;
  lines: OcrLine[];
}

const PAGE = 1;
const LINE = 4;
const WORD = 5;

interface Row {
  level: number;
  key: string;
  left: number;
  top: number;
  width: number;
  height: number;
  confidence: number;
  text: string;
}

function readRow(line: string): Row | null {
  const cells = line.split('\t');
  if (cells.length < 12) return null;
  const numbers = cells.slice(0, 11).map(Number);
  if (numbers.some((value) => !Number.isFinite(value))) return null;
  const [level, page, block, paragraph, lineNumber, , left, top, width, height, confidence] = numbers as number[];
  return {
    level: level!,
    key: `${page}.${block}.${paragraph}.${lineNumber}`,
    left: left!,
    top: top!,
    width: width!,
    height: height!,
    confidence: confidence!,
    text: cells.slice(11).join('\t').trim(),
  };
}

export function readOcrLines(tsv: string): OcrPage {
  const page = { width: 0, height: 0 };
  const lines = new Map<string, Row & { words: Row[] }>();
  for (const text of tsv.split('\n')) {
    const row = readRow(text);
    if (!row) continue;
    if (row.level === PAGE) Object.assign(page, { width: row.width, height: row.height });
    else if (row.level === LINE) lines.set(row.key, { ...row, words: [] });
    else if (row.level === WORD && row.text !== '') lines.get(row.key)?.words.push(row);
  }
  const found: OcrLine[] = [];
  for (const line of lines.values()) {
    if (line.words.length === 0) continue;
    const confidence = line.words.reduce((sum, word) => sum + Math.max(0, word.confidence), 0) / line.words.length;
    found.push({
      left: line.left,
      top: line.top,
      width: line.width,
      height: line.height,
      text: line.words.map((word) => word.text).join(' '),
      confidence: confidence / 100,
    });
  }
  return { ...page, lines: found };
}

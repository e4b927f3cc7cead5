import { readZip } from '../../helpers/readZip.js';
import { diffJsonText } from './jsonTextLeaves.js';

/*
 * Two exports of the same project compared as the bytes a user gets: a JSON body or zip entry as
 * JSON text (jsonTextLeaves.ts), CSV/TSV cell by cell under its header, XML and plain text line by
 * line, anything else byte for byte. Each difference is named by a pattern a known difference can
 * list: `<entry> <json path>`, `<entry> column <name>`, `<entry> <xml tag>`, `<entry> line`,
 * `<entry> bytes`, or `entries` when the zips hold different files.
 */

export interface ExportDifference {
  pattern: string;
  ours: string;
  theirs: string;
}

function parseDelimited(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

function diffDelimited(entry: string, ours: string, theirs: string, separator: string): ExportDifference[] {
  const a = parseDelimited(ours, separator);
  const b = parseDelimited(theirs, separator);
  const header = b[0] ?? [];
  if (a.length !== b.length || JSON.stringify(a[0]) !== JSON.stringify(header)) {
    return [{ pattern: `${entry} (shape)`, ours: JSON.stringify(a[0]), theirs: JSON.stringify(header) }];
  }
  const differences: ExportDifference[] = [];
  for (let row = 1; row < a.length; row += 1) {
    header.forEach((column, index) => {
      const mine = a[row]![index] ?? '';
      const other = b[row]![index] ?? '';
      if (mine !== other) differences.push({ pattern: `${entry} column ${column}`, ours: mine, theirs: other });
    });
  }
  return differences;
}

function diffLines(entry: string, ours: string, theirs: string, isXml: boolean): ExportDifference[] {
  const a = ours.split('\n');
  const b = theirs.split('\n');
  if (a.length !== b.length)
    return [{ pattern: `${entry} (shape)`, ours: `${a.length} lines`, theirs: `${b.length} lines` }];
  const differences: ExportDifference[] = [];
  a.forEach((line, index) => {
    if (line === b[index]) return;
    const tag = isXml ? (/<(\w+)>/.exec(line)?.[1] ?? 'line') : 'line';
    differences.push({ pattern: `${entry} ${tag}`, ours: line, theirs: b[index]! });
  });
  return differences;
}

/** The differences of one file (a whole body, or one zip entry named `entry`). */
export function diffExportFile(entry: string, ours: Buffer, theirs: Buffer): ExportDifference[] {
  if (ours.equals(theirs)) return [];
  const name = entry.toLowerCase();
  const a = ours.toString('utf8');
  const b = theirs.toString('utf8');
  if (name.endsWith('.json') || name === '(json)') {
    return diffJsonText(a, b).map((difference) => ({
      pattern: `${entry} ${difference.pattern}`,
      ours: difference.ours,
      theirs: difference.theirs,
    }));
  }
  if (name.endsWith('.csv') || name === '(csv)') return diffDelimited(entry, a, b, ',');
  if (name.endsWith('.tsv') || name === '(tsv)') return diffDelimited(entry, a, b, '\t');
  if (name.endsWith('.xml')) return diffLines(entry, a, b, true);
  if (name.endsWith('.txt') || name.endsWith('.conll') || name.endsWith('.yaml')) return diffLines(entry, a, b, false);
  return [{ pattern: `${entry} bytes`, ours: `${ours.length} bytes`, theirs: `${theirs.length} bytes` }];
}

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

/** Every difference between two downloads of one format; `kind` names a body that is not a zip. */
export function diffExports(kind: string, ours: Buffer, theirs: Buffer): ExportDifference[] {
  if (!isZip(ours) || !isZip(theirs)) return diffExportFile(`(${kind})`, ours, theirs);
  const a = new Map(readZip(ours).map((entry) => [entry.name, entry.content]));
  const b = new Map(readZip(theirs).map((entry) => [entry.name, entry.content]));
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  const differences: ExportDifference[] = [];
  for (const name of names) {
    const mine = a.get(name);
    const other = b.get(name);
    if (!mine || !other) differences.push({ pattern: 'entries', ours: mine ? name : '-', theirs: other ? name : '-' });
    else differences.push(...diffExportFile(name, mine, other));
  }
  return differences;
}

/** Images and label files are named per image: their names are folded into one pattern. */
export function foldNames(pattern: string): string {
  return pattern.replace(/^(images|labels|Annotations)\/[^ ]+/, '$1/<file>').replace(/^entries$/, 'entries');
}

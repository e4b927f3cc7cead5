import { nullRecord } from '../nullRecord.js';

// Kept hand-written rather than csv-parse, which cannot read CSV as pandas does. csv-parse 7
// tokenizes the recorded pandas readings alike (its error's records + empty_lines give pandas' row)
// except in two cases:
// - text after a quoted field's closing quote ('"a"b,1', '"a" ,1'): pandas reads "ab" and "a ";
//   csv-parse refuses the row (Invalid Closing Quote) or, with relax_quotes, keeps the quotes;
// - a line of only spaces and tabs: pandas skips it as blank; csv-parse reads it as a row, and its
//   skip_records_with_empty_values would also drop ',' rows, which pandas keeps.
// test/import/parseCsv.test.ts runs csv-parse on those readings to show it.
/**
 * CSV and TSV as Label Studio reads them: `pandas.read_csv(file, sep=sep).fillna('')` then
 * `to_dict('records')`. RFC 4180 quoting (doubled quotes, separators and newlines inside quotes;
 * a quote never closed is pandas' "EOF inside string" error),
 * blank lines skipped, the header row names the keys (repeats become `a.1`, blanks `Unnamed: 3`),
 * pandas' NA spellings become "", and each column gets one type the way pandas infers it: all
 * integers -> numbers, all numeric -> numbers, all True/False -> booleans, otherwise strings.
 */

export type CsvValue = string | number | boolean;

/** pandas' default `na_values` (2.x), plus the empty field. */
const NA_VALUES: ReadonlySet<string> = new Set([
  '', '#N/A', '#N/A N/A', '#NA', '-1.#IND', '-1.#QNAN', '-NaN', '-nan', '1.#IND', '1.#QNAN', '<NA>', 'N/A', 'NA',
  'NULL', 'NaN', 'None', 'n/a', 'nan', 'null',
]); // prettier-ignore

const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUE = new Set(['True', 'TRUE', 'true']);
const FALSE = new Set(['False', 'FALSE', 'false']);

/** Label Studio's rule for .csv: `;` when the first line has more of them than commas. */
export function detectCsvSeparator(text: string): ',' | ';' {
  const newline = text.search(/\r|\n/);
  const firstLine = newline < 0 ? text : text.slice(0, newline);
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Splits text into rows of fields; each row remembers its (1-based) line for error messages.
 * Fields are cut with slices between special characters rather than built a character at a time.
 */
function tokenize(text: string, separator: string): { fields: string[]; line: number }[] {
  const rows: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let line = 1;
  // pandas' row count for its "EOF inside string" error: every record from 0, the header and
  // blank lines included, a quoted field over several lines counting once.
  let record = -1;
  let index = 0;
  while (index <= text.length) {
    const rowLine = line;
    record += 1;
    // A line with nothing on it but spaces and tabs is skipped (skip_blank_lines), unless the tab
    // is the separator; ",," is a row of empty fields.
    let probe = index;
    while ((text[probe] === ' ' || text[probe] === '\t') && text[probe] !== separator) probe += 1;
    const char = text[probe];
    if (char === '\n' || char === '\r' || probe === text.length) {
      index = probe + (char === '\r' && text[probe + 1] === '\n' ? 2 : 1);
      line += 1;
      continue;
    }
    for (;;) {
      let field = '';
      if (text[index] === '"') {
        // A quote opens a quoted field only as the field's first character; "" inside is a quote.
        index += 1;
        for (;;) {
          const quote = text.indexOf('"', index);
          // A quote never closed: pandas refuses the file rather than read the rest as one value.
          if (quote < 0)
            throw new CsvError(`Error tokenizing data. C error: EOF inside string starting at row ${record}`);
          const end = quote;
          const part = text.slice(index, end);
          field += part;
          for (let at = part.indexOf('\n'); at >= 0; at = part.indexOf('\n', at + 1)) line += 1;
          index = end + 1;
          if (text[index] !== '"') break;
          field += '"';
          index += 1;
        }
      }
      let end = index;
      while (end < text.length && text[end] !== separator && text[end] !== '\n' && text[end] !== '\r') end += 1;
      field += text.slice(index, end);
      fields.push(field);
      index = end;
      if (text[index] !== separator) break;
      index += 1;
    }
    rows.push({ fields, line: rowLine });
    fields = [];
    index += text[index] === '\r' && text[index + 1] === '\n' ? 2 : 1;
    line += 1;
  }
  return rows;
}

/** pandas' header mangling: blanks become `Unnamed: <i>`, repeats get `.1`, `.2`... */
function columnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    let name = raw === '' ? `Unnamed: ${index}` : raw;
    const times = seen.get(name) ?? 0;
    seen.set(name, times + 1);
    if (times > 0) {
      name = `${name}.${times}`;
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }
    return name;
  });
}

type ColumnType = 'int' | 'float' | 'bool' | 'str';

/** One dtype per column from its non-NA values; integers outside the exact range stay text. */
function columnType(values: readonly (string | null)[]): ColumnType {
  let type: ColumnType | null = null;
  for (const value of values) {
    if (value === null) continue;
    const trimmed = value.trim();
    let own: ColumnType = 'str';
    if (INTEGER.test(trimmed)) own = Number.isSafeInteger(Number(trimmed)) ? 'int' : 'str';
    else if (FLOAT.test(trimmed)) own = 'float';
    else if (TRUE.has(value) || FALSE.has(value)) own = 'bool';
    if (own === 'str') return 'str';
    if (type === null || type === own) type = own;
    else if ((type === 'int' && own === 'float') || (type === 'float' && own === 'int')) type = 'float';
    else return 'str';
  }
  return type ?? 'str';
}

function convert(value: string | null, type: ColumnType): CsvValue {
  if (value === null) return '';
  if (type === 'int' || type === 'float') return Number(value.trim());
  if (type === 'bool') return TRUE.has(value);
  return value;
}

export class CsvError extends Error {}

/** Rows of a CSV/TSV text as records keyed by the header, in file order. */
export function parseCsvRecords(text: string, separator: string): Record<string, CsvValue>[] {
  const rows = tokenize(text.startsWith('\ufeff') ? text.slice(1) : text, separator);
  const [header, ...body] = rows;
  if (!header) throw new CsvError('No columns to parse from file');
  const names = columnNames(header.fields);
  const columns: (string | null)[][] = names.map(() => []);
  for (const row of body) {
    if (row.fields.length > names.length) {
      throw new CsvError(
        `Error tokenizing data. C error: Expected ${names.length} fields in line ${row.line}, saw ${row.fields.length}\n`,
      );
    }
    names.forEach((_, index) => {
      const value = row.fields[index];
      columns[index]!.push(value === undefined || NA_VALUES.has(value) ? null : value);
    });
  }
  const types = columns.map(columnType);
  return body.map((_, rowIndex) => {
    const record = nullRecord<CsvValue>();
    names.forEach((name, index) => {
      record[name] = convert(columns[index]![rowIndex] ?? null, types[index]!);
    });
    return record;
  });
}

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvError, detectCsvSeparator, parseCsvRecords } from '../../electron/core/domain/imports/parseCsv.js';

describe('parseCsvRecords (pandas read_csv + fillna(""))', () => {
  it('types each column as pandas does and turns NA spellings into ""', () => {
    const text = 'id,score,flag,name,mixed\n1,1.5,True,a,1\n2,,false,NA,x\n007,3,TRUE,"",2\n';
    expect(parseCsvRecords(text, ',')).toEqual([
      { id: 1, score: 1.5, flag: true, name: 'a', mixed: '1' },
      { id: 2, score: '', flag: false, name: '', mixed: 'x' },
      { id: 7, score: 3, flag: true, name: '', mixed: '2' },
    ]);
  });

  it('handles quotes, separators and newlines inside quotes, CRLF and blank lines', () => {
    const text = '\ufefftext,n\r\n"a, ""b""\nc",1\r\n\r\nplain,2\r\n';
    expect(parseCsvRecords(text, ',')).toEqual([
      { text: 'a, "b"\nc', n: 1 },
      { text: 'plain', n: 2 },
    ]);
  });

  it('names blank and repeated headers like pandas and pads short rows', () => {
    expect(parseCsvRecords('a,,a\n1\n', ',')).toEqual([{ a: 1, 'Unnamed: 1': '', 'a.1': '' }]);
  });

  it('refuses rows longer than the header and files without a header', () => {
    expect(() => parseCsvRecords('a,b\n1,2,3\n', ',')).toThrow(
      'Error tokenizing data. C error: Expected 2 fields in line 2, saw 3\n',
    );
    expect(() => parseCsvRecords('', ',')).toThrow(CsvError);
  });

  it('refuses a quote that is never closed as pandas does, naming its row as pandas counts them', () => {
    // Each row and message as pandas 3.1 (Label Studio 1.22's) gives it for the same text: rows
    // count from 0 at the header, blank lines included, a quoted value over lines counting once.
    const cases: [string, number][] = [
      ['text,label\n"hello,world\nsecond,x\n', 1],
      ['text\na\n"b\n', 2],
      ['text\n\na\n\n"b\n', 4],
      ['\n\ntext\n"a\n', 3],
      ['text\n"a\nb"\nc\n"d\n', 3],
      ['"text\na\n', 0],
      ['text,l\na,"b\n', 1],
      ['text\r\na\r\n"b\r\n', 2],
      ['text\ra\r"b\r', 2],
      ['text\n"a"\n"b\n', 2],
      ['a\n"x""y\n', 1],
      ['\ufefftext\n"a\n', 1],
      ['"', 0],
    ];
    for (const [text, row] of cases) {
      expect(() => parseCsvRecords(text, ','), JSON.stringify(text)).toThrow(
        new CsvError(`Error tokenizing data. C error: EOF inside string starting at row ${row}`),
      );
    }
    expect(() => parseCsvRecords('a\tb\n"x\ty\n', '\t')).toThrow('EOF inside string starting at row 1');
    // A quote inside a value (not its first character) is only a character, as in pandas.
    expect(parseCsvRecords('text\na"b\nc\n', ',')).toEqual([{ text: 'a"b' }, { text: 'c' }]);
  });

  it('skips lines of only spaces and tabs as blank, as pandas does, unless the tab separates fields', () => {
    // pandas 3.1.1's readings of the same text (recorded from the interop rig's Python).
    expect(parseCsvRecords('text,n\n   \nx,1\n', ',')).toEqual([{ text: 'x', n: 1 }]);
    expect(parseCsvRecords('   \ntext,n\nx,1\n', ',')).toEqual([{ text: 'x', n: 1 }]);
    expect(parseCsvRecords('text,n\n \t \nx,1\n', ',')).toEqual([{ text: 'x', n: 1 }]);
    expect(parseCsvRecords('text\tn\n  \nx\t1\n', '\t')).toEqual([{ text: 'x', n: 1 }]);
    expect(parseCsvRecords('text\tn\n \t \nx\t1\n', '\t')).toEqual([
      { text: ' ', n: ' ' },
      { text: 'x', n: '1' },
    ]);
    expect(parseCsvRecords('text,n\n  ,\nx,1\n', ',')).toEqual([
      { text: '  ', n: '' },
      { text: 'x', n: 1 },
    ]);
    // A skipped line still counts in pandas' row numbers.
    expect(() => parseCsvRecords('text,n\n  \n"x,1\n', ',')).toThrow('EOF inside string starting at row 2');
  });

  it('keeps integers beyond the exact range as text', () => {
    expect(parseCsvRecords('big\n12345678901234567890\n', ',')).toEqual([{ big: '12345678901234567890' }]);
  });

  it('detects ; when the first line has more of them than commas', () => {
    expect(detectCsvSeparator('a;b;c\n1,2;3')).toBe(';');
    expect(detectCsvSeparator('a,b;c\n')).toBe(',');
  });
});

/**
 * Text after a quoted field's closing quote, as pandas 3.1.1 (Label Studio 1.22's) reads it:
 * `pandas.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)`, recorded from the interop
 * rig's Python. pandas appends the rest of the field to the unquoted text.
 */
const TEXT_AFTER_CLOSING_QUOTE: [text: string, pandas: string, csvParseRelaxed: string][] = [
  ['text,n\n"a"b,1\n', 'ab', '"a"b'],
  ['text,n\n"a" ,1\n', 'a ', '"a" '],
  ['text,n\n"a"""b"c,1\n', 'a"b"c', '"a""b"c'],
  ['text,n\n"a"b"c",1\n', 'ab"c"', '"a"b"c"'],
];

describe('why parseCsv keeps its own tokenizer rather than csv-parse', () => {
  it('parseCsvRecords reads text after a closing quote as pandas does', () => {
    for (const [text, value] of TEXT_AFTER_CLOSING_QUOTE) {
      expect(parseCsvRecords(text, ','), JSON.stringify(text)).toEqual([{ text: value, n: 1 }]);
    }
  });

  it('csv-parse 7 refuses that text, or with relax_quotes keeps the quotes as characters', () => {
    // The options closest to pandas; this fails the day csv-parse reads these as pandas does.
    const options = { delimiter: ',', bom: true, skip_empty_lines: true, relax_column_count: true };
    for (const [text, pandas, relaxed] of TEXT_AFTER_CLOSING_QUOTE) {
      expect(() => parse(text, options), JSON.stringify(text)).toThrow('Invalid Closing Quote');
      const rows = parse(text, { ...options, relax_quotes: true }) as string[][];
      expect(rows, JSON.stringify(text)).toEqual([
        ['text', 'n'],
        [relaxed, '1'],
      ]);
      expect(relaxed).not.toBe(pandas);
    }
  });

  it('csv-parse 7 reads a line of spaces as a row, and its option to skip it also drops a row of empty fields', () => {
    // pandas 3.1.1 skips '   ' and keeps ',' as a row of empty values (the readings above).
    const options = { delimiter: ',', bom: true, skip_empty_lines: true, relax_column_count: true };
    expect(parse('text,n\n   \nx,1\n', options)).toEqual([['text', 'n'], ['   '], ['x', '1']]);
    expect(parse('text,n\n   \n,\nx,1\n', { ...options, skip_records_with_empty_values: true })).toEqual([
      ['text', 'n'],
      ['x', '1'],
    ]);
    expect(parseCsvRecords('text,n\n   \n,\nx,1\n', ',')).toEqual([
      { text: '', n: '' },
      { text: 'x', n: 1 },
    ]);
  });
});

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

  it('keeps integers beyond the exact range as text', () => {
    expect(parseCsvRecords('big\n12345678901234567890\n', ',')).toEqual([{ big: '12345678901234567890' }]);
  });

  it('detects ; when the first line has more of them than commas', () => {
    expect(detectCsvSeparator('a;b;c\n1,2;3')).toBe(';');
    expect(detectCsvSeparator('a,b;c\n')).toBe(',');
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PyFloat } from '../../electron/core/domain/export/encode/pyFloat.js';
import {
  encodeJson,
  markPlainJson,
  PY_JSON,
  PY_JSON_ASCII,
  UJSON_COMPACT,
  UJSON_INDENT2,
} from '../../electron/core/domain/export/encode/pyJson.js';
import { tokensAndTags } from '../../electron/core/domain/export/formats/text/conll2003.js';
import { csvCell } from '../../electron/core/domain/export/formats/text/csv.js';
import { treebankTokens } from '../../electron/core/domain/export/formats/text/treebankTokenizer.js';
import { readSnapshotTasks } from '../../electron/core/domain/export/snapshots/readSnapshotTasks.js';

describe('the converter tokenizer (CONLL2003)', () => {
  it.each([
    ['I don\'t like "New York" (really).', 'I do n\'t like " New York " ( really ) .'],
    ['Cost: $3.99, 1,000 or 10:30... ok?!', 'Cost : $ 3.99 , 1,000 or 10:30 ... ok ? !'],
    ["a/b e-mail -- U.S. it's cannot", "a / b e-mail -- U.S. it 's can not"],
    ['one\ttwo\n\nthree   four', 'one two three four'],
  ])('splits %j as NLTK does', (text, expected) => {
    const tokens = tokensAndTags(text, null).map(([token]) => token);
    expect(tokens.join(' ')).toBe(expected);
  });

  it('gives raw tokens with converted quotes before alignment', () => {
    expect(treebankTokens('"Hi"')).toEqual(['``', 'Hi', "''"]);
  });

  it('tags overlaps, adjacent spans and missing offsets as upstream', () => {
    const span = (start: number, end: number, label: string) => ({ start, end, labels: [label] });
    const tags = (text: string, spans: Record<string, unknown>[]) => tokensAndTags(text, spans).map(([, tag]) => tag);
    expect(tags('New York City', [span(0, 8, 'LOC'), span(4, 13, 'ORG')])).toEqual(['B-LOC', 'I-LOC', 'B-ORG']);
    expect(tags('Ann Bob', [span(0, 3, 'PER'), span(4, 7, 'PER')])).toEqual(['B-PER', 'B-PER']);
    expect(tags('Ann Bob', [span(0, 3, 'PER'), { labels: ['PER'] }])).toEqual(['O', 'O']);
    // Offsets count code points, as Python does: the emoji is one character.
    expect(tags('😀 Ann', [span(2, 5, 'PER')])).toEqual(['O', 'B-PER']);
  });
});

describe('Python number and JSON text', () => {
  it('prints floats as Python repr, ujson, and the json module do', () => {
    const floats = [
      new PyFloat(1),
      new PyFloat(64),
      new PyFloat(1e-5),
      new PyFloat(1.05e-5),
      new PyFloat(1e16),
      0.1,
      2,
    ];
    expect(floats.map(csvCell)).toEqual(['1.0', '64.0', '1e-05', '1.05e-05', '1e+16', '0.1', '2']);
    expect(encodeJson(floats, UJSON_COMPACT)).toBe('[1.0,64.0,1e-5,1.05e-5,1e+16,0.1,2]');
    expect(encodeJson(floats, PY_JSON)).toBe('[1.0, 64.0, 1e-05, 1.05e-05, 1e+16, 0.1, 2]');
    expect(encodeJson(markPlainJson([0.00001234, 'a/b']), UJSON_COMPACT)).toBe('[1.234e-5,"a\\/b"]');
  });

  it('escapes strings as each encoder does', () => {
    const value = { 'k/é': 'a/b "q" é 😀\u007f\n\u0001' };
    expect(encodeJson(value, UJSON_COMPACT)).toBe('{"k\\/é":"a\\/b \\"q\\" é 😀\u007f\\n\\u0001"}');
    expect(encodeJson(value, PY_JSON)).toBe('{"k/é": "a/b \\"q\\" é 😀\u007f\\n\\u0001"}');
    expect(encodeJson(value, PY_JSON_ASCII)).toBe(
      '{"k/\\u00e9": "a/b \\"q\\" \\u00e9 \\ud83d\\ude00\\u007f\\n\\u0001"}',
    );
  });

  it('indents like ujson with empty containers inline, and keeps Map order', () => {
    const record = new Map<string, unknown>([
      ['b', [1, { c: [] }]],
      ['a', {}],
    ]);
    expect(encodeJson(record, UJSON_INDENT2)).toBe(
      '{\n  "b": [\n    1,\n    {\n      "c": []\n    }\n  ],\n  "a": {}\n}',
    );
  });

  it('quotes CSV cells with QUOTE_NONNUMERIC', () => {
    expect([null, undefined, true, false, 'a "b", c\nd', 7].map(csvCell)).toEqual([
      '""', '""', 'True', 'False', '"a ""b"", c\nd"', '7',
    ]); // prettier-ignore
  });
});

describe('reading a snapshot file back', () => {
  it('yields each task of a large array and marks float columns again', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outpost-snapshot-read-')), 'snapshot.json');
    const tasks = Array.from({ length: 300 }, (_, id) => ({
      id,
      data: { text: `[${'x'.repeat(500)}] "quoted, \\ escaped" {${id}}` },
      annotations: [{ id, lead_time: 8, result: [{ value: { n: 1.5 } }] }],
      predictions: [{ id, score: 1, mislabeling: 0 }],
      drafts: [],
    }));
    writeFileSync(path, encodeJson(tasks, PY_JSON));
    const read = [];
    for await (const task of readSnapshotTasks(path, new AbortController().signal)) read.push(task);
    expect(read).toHaveLength(300);
    expect(read[299]!.data).toEqual(tasks[299]!.data);
    expect(encodeJson(read[0]!.annotations, UJSON_COMPACT)).toBe(
      '[{"id":0,"lead_time":8.0,"result":[{"value":{"n":1.5}}]}]',
    );
    expect(encodeJson(read[0]!.predictions, UJSON_COMPACT)).toBe('[{"id":0,"score":1.0,"mislabeling":0.0}]');
  });
});

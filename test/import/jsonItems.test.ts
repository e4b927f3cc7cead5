import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, readJsonItems } from '../../electron/core/domain/imports/jsonItems.js';

function items(text: string) {
  const json = readJsonItems(Buffer.from(text));
  return { kind: json.kind, values: Array.from({ length: json.count }, (_, index) => json.item(index)) };
}

describe('readJsonItems', () => {
  it('cuts a list into its elements with their exact text', () => {
    const text = '\ufeff [ {"a": "x ] } \\" ,"}, [1, [2]] ,"s", 3.5e1 ,null,{"b":{"c":[]}}\n]\n';
    const { kind, values } = items(text);
    expect(kind).toBe('list');
    expect(values.map((item) => item.value)).toEqual([{ a: 'x ] } " ,' }, [1, [2]], 's', 35, null, { b: { c: [] } }]);
    expect(values[0]!.text).toBe('{"a": "x ] } \\" ,"}');
    expect(values[3]!.text).toBe('3.5e1');
  });

  it('handles escaped backslashes before quotes and non-ASCII text', () => {
    const { values } = items('[{"p": "C:\\\\"}, {"t": "héllo ✓"}]');
    expect(values.map((item) => item.value)).toEqual([{ p: 'C:\\' }, { t: 'héllo ✓' }]);
  });

  it('reads one object as one item and other values as "other"', () => {
    expect(items(' {"text": 1} ').values.map((item) => item.value)).toEqual([{ text: 1 }]);
    expect(items('[]').values).toEqual([]);
    const other = readJsonItems(Buffer.from('"text"'));
    expect([other.kind, other.count, other.value]).toEqual(['other', 0, 'text']);
  });

  it('reports malformed JSON with the message of a whole-document parse', () => {
    for (const text of ['[{"a": 1} {"b": 2}]', '[{"a": }]', '[1, 2', '{"a": [1}', '[1,]', '[1] x', '']) {
      expect(() => items(text), text).toThrow(JsonSyntaxError);
    }
  });
});

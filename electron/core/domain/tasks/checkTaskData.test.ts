import { describe, expect, it } from 'vitest';
import { checkTaskData, replaceUndefinedKey } from './checkTaskData.js';

describe("checkTaskData (Label Studio's task data validation)", () => {
  it('accepts anything for a config without data keys, but only objects', () => {
    expect(checkTaskData({ anything: [1, { a: 2 }] }, {})).toBeNull();
    expect(checkTaskData(null, {})).toBe('Task is empty (None)');
    expect(checkTaskData('text', {})).toBe('Task[data] must be dict or list');
    expect(checkTaskData(['a'], {})).toBe('Task[data] must be dict');
  });

  it('names the first missing key', () => {
    expect(checkTaskData({ foo: 'bar' }, { text: 'Text' })).toBe('"text" key is expected in task data');
    expect(checkTaskData({ text: 'x' }, { text: 'Text', image: 'Image' })).toBe('"image" key is expected in task data');
  });

  it('checks value types per tag with Python type names', () => {
    expect(checkTaskData({ audio: 5 }, { audio: 'Audio' })).toBe(
      "data['audio']=5 is of type 'int', but the object tag Audio expects the following types: ['str']",
    );
    expect(checkTaskData({ text: { a: 'b' } }, { text: 'Text' })).toBe(
      "data['text']={'a': 'b'} is of type 'dict', but the object tag Text expects the following types: ['str', 'int', 'float', 'list']",
    );
    expect(checkTaskData({ text: 1.5 }, { text: 'Text' })).toBeNull();
    expect(checkTaskData({ text: true }, { text: 'Text' })).toBeNull();
    expect(checkTaskData({ tax: null }, { tax: 'Taxonomy' })).toBeNull();
    expect(checkTaskData({ table: { a: 1 } }, { table: 'Table' })).toBeNull();
    expect(checkTaskData({ html: ['x'] }, { html: 'HyperText' })).toBe(
      "data['html']=['x'] is of type 'list', but the object tag HyperText expects the following types: ['str']",
    );
    expect(checkTaskData({ v: 'x' }, { v: 'UnknownTag' })).toBeNull();
  });

  it('looks dotted keys up nested and wants lists for Repeater keys', () => {
    expect(checkTaskData({ a: { b: 'x' } }, { 'a.b': 'Text' })).toBeNull();
    expect(checkTaskData({ a: 'x' }, { 'a.b': 'Text' })).toBe('"a.b" key is expected in task data');
    expect(checkTaskData({ images: ['a', 'b'] }, { 'images[{{idx}}]': 'Image' })).toBeNull();
    expect(checkTaskData({ images: 'a' }, { 'images[{{idx}}]': 'Image' })).toBe(
      "data['images']=a is of type 'str', but the object tag Image expects the following types: ['list']",
    );
  });
});

describe('replaceUndefinedKey', () => {
  it('renames $undefined$ to the first config key, or leaves it without data keys', () => {
    const data: Record<string, unknown> = { $undefined$: 'line', other: 1 };
    replaceUndefinedKey(data, { text: 'Text', image: 'Image' });
    expect(data).toEqual({ other: 1, text: 'line' });
    const untouched: Record<string, unknown> = { $undefined$: 'line' };
    replaceUndefinedKey(untouched, {});
    expect(untouched).toEqual({ $undefined$: 'line' });
  });
});

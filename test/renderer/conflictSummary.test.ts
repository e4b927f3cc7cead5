import { describe, expect, it } from 'vitest';
import { summarizeResult, taskCaption } from '../../renderer/src/features/conflicts/resultSummary';

/* The readable lines the conflicts page shows for an annotation's result. */
describe('summarizeResult', () => {
  it('gives one line per region: type, control and value', () => {
    const result = [
      { from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: ['pos', 'neg'] } },
      {
        from_name: 'ner',
        to_name: 'text',
        type: 'labels',
        value: { start: 4, end: 9, text: 'Paris', labels: ['LOC'] },
      },
      {
        from_name: 'box',
        to_name: 'image',
        type: 'rectanglelabels',
        value: { x: 10.04, y: 20, width: 30.55, height: 40, rectanglelabels: ['Car'] },
      },
      { from_name: 'notes', to_name: 'text', type: 'textarea', value: { text: ['first', 'second'] } },
      { from_name: 'stars', to_name: 'text', type: 'rating', value: { rating: 4 } },
      { from_name: 'topic', to_name: 'text', type: 'taxonomy', value: { taxonomy: [['Animals', 'Cats']] } },
      { type: 'relation', from_id: 'a1', to_id: 'b2', direction: 'right' },
    ];
    expect(summarizeResult(result)).toEqual([
      { type: 'choices', label: 'sentiment', value: 'pos, neg' },
      { type: 'labels', label: 'ner', value: 'LOC “Paris”' },
      { type: 'rectanglelabels', label: 'box', value: 'Car at 10%, 20%, 30.6×40%' },
      { type: 'textarea', label: 'notes', value: 'first / second' },
      { type: 'rating', label: 'stars', value: '4 ★' },
      { type: 'taxonomy', label: 'topic', value: 'Animals / Cats' },
      { type: 'relation', label: 'relation', value: 'a1 → b2' },
    ]);
  });

  it('falls back (null) when a region is not understood, and takes an empty result as no lines', () => {
    expect(summarizeResult([])).toEqual([]);
    expect(summarizeResult({ not: 'a list' })).toBeNull();
    expect(
      summarizeResult([
        { type: 'choices', value: { choices: ['a'] } },
        { type: 'mystery', value: {} },
      ]),
    ).toBeNull();
    expect(summarizeResult([{ value: { choices: ['a'] } }])).toBeNull();
  });
});

describe('taskCaption', () => {
  it('uses the first text value, shortened', () => {
    expect(taskCaption({ image: 1, text: 'hello' })).toBe('hello');
    expect(taskCaption({ text: 'x'.repeat(100) }, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(taskCaption({ n: 1 })).toBe('{"n":1}');
    expect(taskCaption(null)).toBe('null');
  });
});

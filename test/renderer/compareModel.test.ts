import { describe, expect, it } from 'vitest';
import { compareRows } from '../../renderer/src/features/compare/compareModel.js';
import { pairAgreement } from '../../renderer/src/features/compare/pairAgreement.js';
import { regionDrawing } from '../../renderer/src/features/compare/regionDrawing.js';

/*
 * The compare view's logic without a browser: which values and regions not every annotation has,
 * which regions are the same one (through the agreement measures' matching), the per-pair scores
 * and where a region is drawn.
 */

const choices = (...chosen: string[]) => ({
  from_name: 'topic',
  to_name: 'text',
  type: 'choices',
  value: { choices: chosen },
});
const box = (id: string, x: number, label = 'Car') => ({
  id,
  from_name: 'box',
  to_name: 'img',
  type: 'rectanglelabels',
  value: { x, y: 10, width: 20, height: 20, rotation: 0, rectanglelabels: [label] },
});
const span = (id: string, start: number, end: number) => ({
  id,
  from_name: 'ner',
  to_name: 'text',
  type: 'labels',
  value: { start, end, labels: ['PER'] },
});

describe('compareRows', () => {
  it('marks the choice not every annotation made, and says the control differs', () => {
    const rows = compareRows([[choices('a', 'b')], [choices('a')], [choices('a', 'b')]], ['topic']);
    expect(rows).toEqual([
      {
        fromName: 'topic',
        kind: 'values',
        isAgreed: false,
        cells: [
          [
            { text: 'a', isShared: true },
            { text: 'b', isShared: false },
          ],
          [{ text: 'a', isShared: true }],
          [
            { text: 'a', isShared: true },
            { text: 'b', isShared: false },
          ],
        ],
      },
    ]);
    expect(compareRows([[choices('a')], [choices('a')]], ['topic'])[0]).toMatchObject({ isAgreed: true });
  });

  it('a control only some annotations answered differs', () => {
    const rows = compareRows([[choices('a')], []], ['topic']);
    expect(rows[0]).toMatchObject({ isAgreed: false, cells: [[{ text: 'a', isShared: false }], []] });
  });

  it('groups overlapping boxes across annotations and marks the box only one drew', () => {
    const rows = compareRows([[box('a1', 10), box('a2', 60)], [box('b1', 11)], [box('c1', 12)]], []);
    const row = rows[0]!;
    expect(row.kind).toBe('regions');
    if (row.kind !== 'regions') return;
    expect(row.isAgreed).toBe(false);
    expect(row.cells.map((cell) => cell.map((item) => [item.group, item.isShared]))).toEqual([
      [
        [1, true],
        [2, false],
      ],
      [[1, true]],
      [[1, true]],
    ]);
    // Another label is another region, however well it overlaps.
    const relabelled = compareRows([[box('a1', 10)], [box('b1', 10, 'Bus')]], [])[0]!;
    expect(relabelled).toMatchObject({ isAgreed: false });
  });

  it('matches text spans by overlap and shows per-region answers with the region number', () => {
    const perRegion = (id: string, value: string) => ({ ...choices(value), id });
    const rows = compareRows(
      [
        [span('s1', 0, 5), perRegion('s1', 'x')],
        [span('t1', 1, 5), perRegion('t1', 'y')],
      ],
      ['ner', 'topic'],
    );
    expect(rows.map((row) => [row.fromName, row.kind, 'isAgreed' in row && row.isAgreed])).toEqual([
      ['ner', 'regions', true],
      ['topic', 'values', false],
    ]);
    expect(rows[1]!.cells.map((cell) => cell.map((item) => ('text' in item ? item.text : '')))).toEqual([
      ['#1: x'],
      ['#1: y'],
    ]);
  });
});

describe('pairAgreement', () => {
  it('scores each pair of people with the agreement measure, not two annotations of one person', () => {
    const result = pairAgreement(
      [
        { author: 1, results: [choices('a')] },
        { author: 2, results: [choices('a')] },
        { author: 3, results: [choices('b')] },
        { author: 3, results: [choices('a')] },
      ],
      {},
    );
    expect(result.scores[0]).toEqual([null, 1, 0, 1]);
    expect(result.scores[2]![3]).toBeNull();
    expect(result.withOthers).toEqual([2 / 3, 2 / 3, 0, 1]);
  });
});

describe('regionDrawing', () => {
  it('draws boxes, polygons and points in percent, whatever the image size', () => {
    expect(regionDrawing({ ...box('a', 10), original_width: 400, original_height: 200 })).toEqual({
      kind: 'rect',
      x: 10,
      y: 10,
      width: 20,
      height: 20,
    });
    const polygon = regionDrawing({
      type: 'polygonlabels',
      value: {
        points: [
          [1, 2],
          [30, 2],
          [30, 40],
        ],
        polygonlabels: ['A'],
      },
    });
    expect(polygon).toEqual({
      kind: 'polygon',
      points: [
        [1, 2],
        [30, 2],
        [30, 40],
      ],
    });
    expect(regionDrawing({ type: 'keypointlabels', value: { x: 5, y: 6, width: 1, keypointlabels: ['K'] } })).toEqual({
      kind: 'point',
      x: 5,
      y: 6,
    });
    expect(regionDrawing({ type: 'brushlabels', value: { rle: [1, 2], brushlabels: ['B'] } })).toBeUndefined();
  });
});

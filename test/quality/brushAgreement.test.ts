import { describe, expect, it } from 'vitest';
import { maskToRle } from '../../electron/core/domain/export/formats/brush/rleEncode.js';
import { annotationAgreement, brushAgreement, type ResultItem } from '../../shared/quality/index.js';

/*
 * Brush agreement on masks small enough to count by hand: a 10 x 10 image, masks made of whole
 * rows, encoded with the export's own RLE encoder, as the editor stores brush regions.
 */

const SIZE = 10;

function rows(first: number, last: number): Uint8Array {
  const mask = new Uint8Array(SIZE * SIZE);
  mask.fill(255, first * SIZE, (last + 1) * SIZE);
  return mask;
}

function brush(mask: Uint8Array, label = 'Tumour', size = SIZE): ResultItem {
  return {
    from_name: 'tag',
    to_name: 'image',
    type: 'brushlabels',
    original_width: size,
    original_height: size,
    value: { format: 'rle', rle: maskToRle(mask), brushlabels: [label] },
  };
}

describe('brush agreement', () => {
  it('matches masks by IoU: rows 0-4 against rows 0-5 share 50 of 60 pixels', () => {
    const agreement = brushAgreement([brush(rows(0, 4))], [brush(rows(0, 5))]);
    expect(agreement).toMatchObject({ score: 1, matched: 1, firstCount: 1, secondCount: 1 });
    expect(agreement.meanMatchedScore).toBeCloseTo(50 / 60, 12);
  });

  it('does not match below the IoU threshold, nor with other labels, nor masks of another size', () => {
    // Rows 0-1 against rows 0-9: IoU 20 / 100, under 0.5.
    expect(brushAgreement([brush(rows(0, 1))], [brush(rows(0, 9))]).score).toBe(0);
    expect(brushAgreement([brush(rows(0, 4))], [brush(rows(0, 4), 'Cyst')]).score).toBe(0);
    const larger = new Uint8Array(20 * 20).fill(255, 0, 100);
    expect(brushAgreement([brush(rows(0, 4))], [brush(larger, 'Tumour', 20)]).score).toBe(0);
  });

  it('scores matched F1 over several regions: two drawn here, one of them there', () => {
    const here = [brush(rows(0, 2)), brush(rows(6, 9))];
    const there = [brush(rows(6, 8))];
    // One match (rows 6-8 in rows 6-9: IoU 30 / 40) among 2 + 1 regions: F1 = 2 * 1 / 3.
    const agreement = brushAgreement(here, there);
    expect(agreement.score).toBeCloseTo(2 / 3, 12);
    expect(agreement.meanMatchedScore).toBeCloseTo(0.75, 12);
  });

  it('counts a region whose RLE does not decode as one that matches nothing', () => {
    const broken = { ...brush(rows(0, 4)), value: { format: 'rle', rle: [1, 2, 3], brushlabels: ['Tumour'] } };
    expect(brushAgreement([broken], [brush(rows(0, 4))]).score).toBe(0);
  });

  it("is scored in an annotation's agreement, no longer listed as unscored", () => {
    const agreement = annotationAgreement([brush(rows(0, 4))], [brush(rows(0, 5))]);
    expect(agreement.unscored).toEqual([]);
    expect(agreement.controls).toMatchObject([{ fromName: 'tag', kind: 'brush', score: 1 }]);
    expect(agreement.score).toBe(1);
  });
});

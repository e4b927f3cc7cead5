import { describe, expect, it } from 'vitest';
import { cohenKappa } from './cohenKappa.js';
import { countTable, fleissKappa, fleissKappaOfRatings } from './fleissKappa.js';
import { krippendorffAlpha } from './krippendorffAlpha.js';

/*
 * Hand-computed cases; test/interop/quality/agreementReference.test.ts checks the same functions
 * against scikit-learn, statsmodels and krippendorff on random matrices.
 */

describe('cohenKappa', () => {
  it('corrects observed agreement for chance', () => {
    // Observed 3/4. Margins: first A 2, B 2; second A 1, B 3; chance (2*1 + 2*3) / 16 = 1/2.
    // kappa = (3/4 - 1/2) / (1 - 1/2) = 1/2.
    expect(cohenKappa(['A', 'A', 'B', 'B'], ['A', 'B', 'B', 'B'])).toBeCloseTo(0.5, 12);
  });

  it('drops items either rater left missing', () => {
    expect(cohenKappa(['A', 'A', 'B', 'B', null, 'B'], ['A', 'B', 'B', 'B', 'A', NaN])).toBeCloseTo(0.5, 12);
  });

  it('weights disagreements by category distance', () => {
    // Pairs (1,1) (2,3) (3,3). Observed disagreement: one pair one step apart = 1.
    // Chance: column totals (1, 0, 2) against row totals (1, 1, 1) over 3 items:
    // linear (1*(0+1+2) + 2*(2+1+0)) / 3 = 3, kappa 1 - 1/3; quadratic (1*(0+1+4) + 2*(4+1+0)) / 3 = 5, kappa 1 - 1/5.
    expect(cohenKappa([1, 2, 3], [1, 3, 3], { weights: 'linear' })).toBeCloseTo(2 / 3, 12);
    expect(cohenKappa([1, 2, 3], [1, 3, 3], { weights: 'quadratic' })).toBeCloseTo(0.8, 12);
  });

  it('is 1 for perfect agreement over two categories, NaN when one category makes chance 1 or nothing is shared', () => {
    expect(cohenKappa(['x', 'y', 'x'], ['x', 'y', 'x'])).toBe(1);
    expect(cohenKappa(['x', 'x'], ['x', 'x'])).toBeNaN();
    expect(cohenKappa(['x', null], [null, 'y'])).toBeNaN();
    expect(() => cohenKappa(['x'], ['x', 'y'])).toThrow(RangeError);
  });
});

describe('fleissKappa', () => {
  it('compares the share of agreeing rater pairs with the categories shares', () => {
    // Items agree 1, 1 and 0 (one pair of two disagreeing): mean 2/3. Shares 1/2, 1/2: chance 1/2.
    // kappa = (2/3 - 1/2) / (1 - 1/2) = 1/3.
    expect(
      fleissKappa([
        [2, 0],
        [0, 2],
        [1, 1],
      ]),
    ).toBeCloseTo(1 / 3, 12);
  });

  it('counts a rating matrix into a table and keeps only the items every rater rated', () => {
    const matrix = [
      ['b', 'b'],
      ['a', 'a'],
      ['a', 'b'],
      ['a', null],
    ];
    expect(countTable(matrix.slice(0, 3))).toEqual({
      categories: ['a', 'b'],
      table: [
        [0, 2],
        [2, 0],
        [1, 1],
      ],
    });
    expect(fleissKappaOfRatings(matrix)).toBeCloseTo(1 / 3, 12);
  });

  it('gives the reference edge cases: NaN for one rater, one category or no items; a ragged table throws', () => {
    expect(
      fleissKappa([
        [1, 0],
        [0, 1],
      ]),
    ).toBeNaN();
    expect(fleissKappa([[3], [3]])).toBeNaN();
    expect(fleissKappa([])).toBeNaN();
    // Unequal agreement (1 and 0, mean 1/2) against shares 3/4, 1/4 (chance 10/16): (1/2 - 5/8) / (3/8).
    expect(
      fleissKappa([
        [2, 0],
        [1, 1],
      ]),
    ).toBeCloseTo(-1 / 3, 12);
    expect(() =>
      fleissKappa([
        [2, 0],
        [1, 0],
      ]),
    ).toThrow(RangeError);
  });
});

describe('krippendorffAlpha', () => {
  // Items (1,1) (1,2) (3,3), a third rater who rated nothing, and a fourth item only one rater
  // rated (it adds nothing). Coincidences: o11 = 2, o12 = o21 = 1, o33 = 2; n1 = 3, n2 = 1, n3 = 2, n = 6.
  // Observed disagreement: 2 * d(1,2). Expected: 2 * (3*1*d12 + 3*2*d13 + 1*2*d23) / 5.
  const matrix = [
    [1, 1, null],
    [1, 2, null],
    [3, 3, null],
    [null, 3, null],
  ];

  it('nominal: d = 1 between different values', () => {
    // 1 - 2 / (2 * (3 + 6 + 2) / 5) = 1 - 10/22
    expect(krippendorffAlpha(matrix, 'nominal')).toBeCloseTo(1 - 10 / 22, 12);
  });

  it('interval: d = (a - b)^2', () => {
    // d12 = 1, d13 = 4, d23 = 1: 1 - 2 / (2 * (3 + 24 + 2) / 5) = 1 - 10/58
    expect(krippendorffAlpha(matrix, 'interval')).toBeCloseTo(1 - 10 / 58, 12);
  });

  it('ordinal: d from the counts between the two values', () => {
    // d12 = (3+1 - (3+1)/2)^2 = 4, d13 = (3+1+2 - (3+2)/2)^2 = 12.25, d23 = (1+2 - 1.5)^2 = 2.25.
    // 1 - 2*4 / (2 * (12 + 73.5 + 4.5) / 5) = 1 - 8/36
    expect(krippendorffAlpha(matrix, 'ordinal')).toBeCloseTo(1 - 8 / 36, 12);
  });

  it('ratio: d = ((a - b) / (a + b))^2', () => {
    // d12 = 1/9, d13 = 1/4, d23 = 1/25: 1 - (2/9) / (2 * (1/3 + 3/2 + 2/25) / 5)
    expect(krippendorffAlpha(matrix, 'ratio')).toBeCloseTo(1 - 2 / 9 / ((2 * (1 / 3 + 3 / 2 + 2 / 25)) / 5), 12);
  });

  it('gives NaN where the reference refuses: one value in all, or no item rated twice', () => {
    expect(
      krippendorffAlpha(
        [
          [2, 2],
          [2, 2],
        ],
        'nominal',
      ),
    ).toBeNaN();
    expect(krippendorffAlpha([[1], [2], [3]], 'interval')).toBeNaN();
    expect(
      krippendorffAlpha(
        [
          [null, 1],
          [2, null],
        ],
        'ordinal',
      ),
    ).toBeNaN();
    expect(
      krippendorffAlpha(
        [
          [0, 0],
          [1, 1],
        ],
        'ratio',
      ),
    ).toBe(1);
    expect(() => krippendorffAlpha([['a', 'b']], 'interval')).toThrow(TypeError);
  });
});

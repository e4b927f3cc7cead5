import { describe, expect, it } from 'vitest';
import type { ResultItem } from './resultItem.js';
import { levenshtein, textSimilarity } from './textSimilarity.js';
import {
  choicesAgreement,
  dateTimeAgreement,
  numberAgreement,
  ratingAgreement,
  textAreaAgreement,
} from './valueAgreement.js';

function answer(type: string, value: Record<string, unknown>): ResultItem {
  return { from_name: 'control', to_name: 'object', type, value };
}

describe('choicesAgreement', () => {
  it('is set overlap by default and all-or-nothing when exact', () => {
    // {a, b} and {b, c} share 1 of 3.
    const [first, second] = [answer('choices', { choices: ['a', 'b'] }), answer('choices', { choices: ['b', 'c'] })];
    expect(choicesAgreement(first, second)).toBeCloseTo(1 / 3, 12);
    expect(choicesAgreement(first, second, 'exact')).toBe(0);
    expect(choicesAgreement(first, answer('choices', { choices: ['b', 'a'] }), 'exact')).toBe(1);
    expect(choicesAgreement(answer('choices', { choices: [] }), answer('choices', { choices: [] }))).toBe(1);
  });

  it('compares taxonomy paths whole', () => {
    // [A, B] is shared; [C] only on one side; [A] is a different path from [A, B]: 1 of 3.
    const first = answer('taxonomy', { taxonomy: [['A', 'B'], ['A']] });
    const second = answer('taxonomy', { taxonomy: [['A', 'B'], ['C']] });
    expect(choicesAgreement(first, second)).toBeCloseTo(1 / 3, 12);
  });
});

describe('textAreaAgreement', () => {
  it('is 1 - Levenshtein distance / longer length', () => {
    // kitten -> sitting: k->s, e->i, +g: 3 edits over 7 characters.
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(
      textAreaAgreement(answer('textarea', { text: ['kitten'] }), answer('textarea', { text: ['sitting'] })),
    ).toBeCloseTo(4 / 7, 12);
    // Lines join with "\n": "a\nb" against "a b" is one substitution in 3.
    expect(
      textAreaAgreement(answer('textarea', { text: ['a', 'b'] }), answer('textarea', { text: ['a b'] })),
    ).toBeCloseTo(2 / 3, 12);
    expect(textSimilarity('', '')).toBe(1);
    expect(textSimilarity('abc', '')).toBe(0);
  });
});

describe('numeric answers', () => {
  it('scores ratings over the config range from 1 to maxRating', () => {
    // 2 and 4 of 5 stars: 1 - 2/4.
    expect(ratingAgreement(answer('rating', { rating: 2 }), answer('rating', { rating: 4 }))).toBe(0.5);
    // Of 10 stars: 1 - 2/9.
    expect(
      ratingAgreement(answer('rating', { rating: 2 }), answer('rating', { rating: 4 }), { maxRating: 10 }),
    ).toBeCloseTo(7 / 9, 12);
  });

  it('scores numbers over min..max, else relative to the larger magnitude', () => {
    expect(
      numberAgreement(answer('number', { number: 3 }), answer('number', { number: 5 }), { min: 0, max: 10 }),
    ).toBeCloseTo(0.8, 12);
    expect(numberAgreement(answer('number', { number: 3 }), answer('number', { number: 4 }))).toBe(0.75);
    expect(numberAgreement(answer('number', { number: -1 }), answer('number', { number: 1 }))).toBe(0);
    expect(numberAgreement(answer('number', { number: 0 }), answer('number', { number: 0 }))).toBe(1);
    expect(numberAgreement(answer('number', {}), answer('number', { number: 0 }))).toBeUndefined();
  });

  it('scores dates as equal or not, or by distance within a tolerance', () => {
    const noon = answer('datetime', { datetime: '2024-05-01T12:00' });
    const midnight = answer('datetime', { datetime: '2024-05-01T00:00' });
    expect(dateTimeAgreement(noon, answer('datetime', { datetime: '2024-05-01T12:00' }))).toBe(1);
    expect(dateTimeAgreement(noon, midnight)).toBe(0);
    // 12 hours apart with a day's tolerance: 1 - 1/2.
    expect(dateTimeAgreement(noon, midnight, { dateToleranceMs: 24 * 3600 * 1000 })).toBe(0.5);
    expect(dateTimeAgreement(answer('datetime', { datetime: 'soon' }), answer('datetime', { datetime: 'soon' }))).toBe(
      1,
    );
  });
});

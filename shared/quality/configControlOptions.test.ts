import { describe, expect, it } from 'vitest';
import { annotationAgreement } from './annotationAgreement.js';
import { controlOptionsFromConfig } from './configControlOptions.js';

const CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Rating name="stars" toName="text" maxRating="10"/>
  <Rating name="plain" toName="text"/>
  <Number name="count" toName="text" min="0" max="20"/>
  <Number name="open" toName="text" min="abc"/>
  <Choices name="sentiment" toName="text"><Choice value="pos"/></Choices>
</View>`;

describe('controlOptionsFromConfig', () => {
  it('reads maxRating and the number bounds, with the Rating default of 5', () => {
    expect(controlOptionsFromConfig(CONFIG)).toEqual({
      stars: { maxRating: 10 },
      plain: { maxRating: 5 },
      count: { min: 0, max: 20 },
      open: {},
    });
  });

  it('feeds the pairwise score', () => {
    // 3 and 8 of 10 stars: 1 - 5/9. Of the default 5 the same gap would be below 0, so 0.
    const rating = (value: number) => [
      { from_name: 'stars', to_name: 'text', type: 'rating', value: { rating: value } },
    ];
    const controls = controlOptionsFromConfig(CONFIG);
    expect(annotationAgreement(rating(3), rating(8), { controls }).score).toBeCloseTo(4 / 9, 12);
    expect(annotationAgreement(rating(3), rating(8)).score).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { accuracyText, FEWEST_TO_MEASURE } from '../../renderer/src/features/model/localModelText.js';

/* The built-in model's accuracy is not shown as a percentage of a handful ("0% on 4 held-out"). */

describe("the built-in model's accuracy in words", () => {
  it('says too few to measure below the threshold, and the percentage from it on', () => {
    expect(accuracyText({ accuracy: 0, held_out: 4 })).toBe(
      'Too few to measure: 4 held-out annotations (a score needs at least 10)',
    );
    expect(accuracyText({ accuracy: 1, held_out: 1 })).toBe(
      'Too few to measure: 1 held-out annotation (a score needs at least 10)',
    );
    expect(accuracyText({ accuracy: 0.7, held_out: FEWEST_TO_MEASURE })).toBe('70% on 10 held-out annotations');
    expect(accuracyText({ accuracy: 0.834, held_out: 12 })).toBe('83% on 12 held-out annotations');
  });
});

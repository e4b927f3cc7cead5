import { describe, expect, it } from 'vitest';
import {
  loadLabelingPreferences,
  saveLabelingPreferences,
} from '../../renderer/src/features/labeling/labelingPreferences.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
  };
}

describe('labeling preferences', () => {
  it('moves on after a submit unless told otherwise, and keeps what was chosen', () => {
    const storage = memoryStorage();
    expect(loadLabelingPreferences(storage)).toEqual({ autoAdvance: true });
    saveLabelingPreferences({ autoAdvance: false }, storage);
    expect(loadLabelingPreferences(storage)).toEqual({ autoAdvance: false });
  });

  it('falls back to the default for a damaged or odd entry', () => {
    expect(loadLabelingPreferences(memoryStorage({ 'outpost.labeling': '{not json' }))).toEqual({ autoAdvance: true });
    expect(loadLabelingPreferences(memoryStorage({ 'outpost.labeling': '{"autoAdvance":"no"}' }))).toEqual({
      autoAdvance: true,
    });
  });
});

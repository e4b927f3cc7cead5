/**
 * How the labeling page behaves, chosen in the app settings and kept per machine in localStorage
 * beside the shortcuts. Pure: Node tests pass a map for the storage.
 */
export interface LabelingPreferences {
  /** After a submit or skip the stream shows the next task at once; off, the task stays until "next". */
  autoAdvance: boolean;
}

export const DEFAULT_LABELING_PREFERENCES: Readonly<LabelingPreferences> = { autoAdvance: true };

const STORAGE_KEY = 'outpost.labeling';

export function loadLabelingPreferences(storage: { getItem(name: string): string | null }): LabelingPreferences {
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<
      Record<keyof LabelingPreferences, unknown>
    >;
    return {
      autoAdvance:
        typeof stored.autoAdvance === 'boolean' ? stored.autoAdvance : DEFAULT_LABELING_PREFERENCES.autoAdvance,
    };
  } catch {
    // A damaged entry falls back to the defaults rather than breaking the labeling page.
    return { ...DEFAULT_LABELING_PREFERENCES };
  }
}

export function saveLabelingPreferences(
  preferences: LabelingPreferences,
  storage: { setItem(name: string, value: string): void },
): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(preferences));
}

/**
 * The app's own labeling shortcuts (the editor keeps its own hotkeys beside these). Stored per
 * machine in localStorage, so the settings page can change them and the labeling page reads them.
 */
export type ShortcutAction = 'submit' | 'skip' | 'nextTask' | 'previousTask' | 'showHelp';

/** A key combination as `KeyboardEvent.key` with modifiers, e.g. `Ctrl+Enter`, `ArrowRight`, `?`. */
export type KeyCombo = string;

export const SHORTCUT_LABELS: Record<ShortcutAction, string> = {
  submit: 'Submit or update the annotation',
  skip: 'Skip the task',
  nextTask: 'Next task',
  previousTask: 'Previous task',
  showHelp: 'Show the shortcuts',
};

export const DEFAULT_SHORTCUTS: Readonly<Record<ShortcutAction, KeyCombo>> = {
  submit: 'Ctrl+Enter',
  skip: 'Ctrl+Space',
  nextTask: 'ArrowRight',
  previousTask: 'ArrowLeft',
  showHelp: '?',
};

/** The parts of a keydown event a shortcut looks at (typed here so Node tests can build them). */
export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/** `localStorage` in the app; a map in tests. */
export interface ShortcutStorage {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
}

const STORAGE_KEY = 'outpost.shortcuts';
const MODIFIERS = ['Ctrl', 'Alt', 'Shift', 'Meta'] as const;

/** `Ctrl+Enter` for a keydown event; Shift is left out for printable keys, whose `key` already carries it. */
export function comboOf(event: KeyEventLike): KeyCombo {
  const printable = event.key.length === 1;
  const key = event.key === ' ' ? 'Space' : printable ? event.key.toUpperCase() : event.key;
  const held = { Ctrl: event.ctrlKey, Alt: event.altKey, Shift: event.shiftKey && !printable, Meta: event.metaKey };
  return [...MODIFIERS.filter((name) => held[name]), key].join('+');
}

/** Normalizes a stored or typed combo so `ctrl+enter` and `Ctrl+Enter` compare equal. */
export function normalizeCombo(combo: KeyCombo): KeyCombo {
  const parts = combo
    .split('+')
    .map((part) => part.trim())
    .filter(Boolean);
  const key = parts.pop() ?? '';
  const modifiers = MODIFIERS.filter((name) => parts.some((part) => part.toLowerCase() === name.toLowerCase()));
  const normalizedKey = key.length === 1 ? key.toUpperCase() : key.charAt(0).toUpperCase() + key.slice(1);
  return [...modifiers, normalizedKey].join('+');
}

export function loadShortcuts(storage: Pick<ShortcutStorage, 'getItem'>): Record<ShortcutAction, KeyCombo> {
  const result = { ...DEFAULT_SHORTCUTS };
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<Record<ShortcutAction, unknown>>;
    for (const action of Object.keys(result) as ShortcutAction[]) {
      const value = stored[action];
      if (typeof value === 'string' && value.trim()) result[action] = normalizeCombo(value);
    }
  } catch {
    // A damaged entry falls back to the defaults rather than breaking the labeling page.
  }
  return result;
}

export function saveShortcuts(
  shortcuts: Record<ShortcutAction, KeyCombo>,
  storage: Pick<ShortcutStorage, 'setItem'>,
): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(shortcuts));
}

/** The action a keydown triggers, if any. */
export function actionFor(event: KeyEventLike, shortcuts: Record<ShortcutAction, KeyCombo>): ShortcutAction | null {
  const combo = normalizeCombo(comboOf(event));
  const match = (Object.keys(shortcuts) as ShortcutAction[]).find(
    (action) => normalizeCombo(shortcuts[action]) === combo,
  );
  return match ?? null;
}

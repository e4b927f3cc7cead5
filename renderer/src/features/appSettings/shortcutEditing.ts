import {
  comboOf,
  DEFAULT_SHORTCUTS,
  normalizeCombo,
  SHORTCUT_LABELS,
  type KeyCombo,
  type KeyEventLike,
  type ShortcutAction,
} from '../labeling/shortcuts';

export type Shortcuts = Record<ShortcutAction, KeyCombo>;

export const SHORTCUT_ACTIONS = Object.keys(SHORTCUT_LABELS) as ShortcutAction[];

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'OS']);

/**
 * What a keydown in the capture field means: Escape cancels, a bare modifier waits for the rest
 * of the combo, a bare Tab leaves the field (so the keyboard never gets trapped), anything else
 * is the new combo.
 */
export type CaptureResult =
  { kind: 'cancel' } | { kind: 'pending' } | { kind: 'leave' } | { kind: 'combo'; combo: KeyCombo };

export function captureKey(event: KeyEventLike): CaptureResult {
  const bare = !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey;
  if (event.key === 'Escape' && bare) return { kind: 'cancel' };
  if (event.key === 'Tab' && (bare || (event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey))) {
    return { kind: 'leave' };
  }
  if (MODIFIER_KEYS.has(event.key) || event.key === 'Dead' || event.key === 'Unidentified') return { kind: 'pending' };
  // "+" separates the parts of a stored combo, so it cannot be a key of one.
  if (event.key === '+') return { kind: 'pending' };
  return { kind: 'combo', combo: normalizeCombo(comboOf(event)) };
}

/** The other actions already bound to `combo`. */
export function actionsUsing(shortcuts: Shortcuts, combo: KeyCombo, except?: ShortcutAction): ShortcutAction[] {
  const wanted = normalizeCombo(combo);
  return SHORTCUT_ACTIONS.filter((action) => action !== except && normalizeCombo(shortcuts[action]) === wanted);
}

/** Every action that shares its combo with another one (a damaged or hand-edited keymap). */
export function conflictingActions(shortcuts: Shortcuts): Set<ShortcutAction> {
  return new Set(SHORTCUT_ACTIONS.filter((action) => actionsUsing(shortcuts, shortcuts[action], action).length > 0));
}

export type AssignResult = { ok: true; shortcuts: Shortcuts } | { ok: false; conflict: ShortcutAction[] };

/** Binds `combo` to `action`, unless another action already uses it. */
export function assignShortcut(shortcuts: Shortcuts, action: ShortcutAction, combo: KeyCombo): AssignResult {
  const conflict = actionsUsing(shortcuts, combo, action);
  if (conflict.length > 0) return { ok: false, conflict };
  return { ok: true, shortcuts: { ...shortcuts, [action]: normalizeCombo(combo) } };
}

export function isDefault(shortcuts: Shortcuts, action: ShortcutAction): boolean {
  return normalizeCombo(shortcuts[action]) === normalizeCombo(DEFAULT_SHORTCUTS[action]);
}

export function allDefaults(shortcuts: Shortcuts): boolean {
  return SHORTCUT_ACTIONS.every((action) => isDefault(shortcuts, action));
}

/** How a combo reads on screen: `Ctrl+ArrowRight` as its key names, arrows as arrows. */
export function comboParts(combo: KeyCombo): string[] {
  const names: Record<string, string> = { ArrowRight: '→', ArrowLeft: '←', ArrowUp: '↑', ArrowDown: '↓' };
  return normalizeCombo(combo)
    .split('+')
    .map((part) => names[part] ?? part);
}

import { describe, expect, it } from 'vitest';
import {
  actionFor,
  comboOf,
  DEFAULT_SHORTCUTS,
  loadShortcuts,
  normalizeCombo,
  saveShortcuts,
} from '../../renderer/src/features/labeling/shortcuts.js';

function key(key: string, modifiers: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {}) {
  return { key, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...modifiers };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
  };
}

describe('labeling shortcuts', () => {
  it('names key events the way the defaults are written', () => {
    expect(comboOf(key('Enter', { ctrlKey: true }))).toBe('Ctrl+Enter');
    expect(comboOf(key(' ', { ctrlKey: true }))).toBe('Ctrl+Space');
    expect(comboOf(key('?', { shiftKey: true }))).toBe('?');
    expect(comboOf(key('s', { altKey: true, shiftKey: true }))).toBe('Alt+S');
    expect(normalizeCombo(' ctrl + enter ')).toBe('Ctrl+Enter');
    expect(normalizeCombo('shift+ctrl+arrowRight')).toBe('Ctrl+Shift+ArrowRight');
  });

  it('maps events to actions, and ignores keys that are not bound', () => {
    expect(actionFor(key('Enter', { ctrlKey: true }), DEFAULT_SHORTCUTS)).toBe('submit');
    expect(actionFor(key(' ', { ctrlKey: true }), DEFAULT_SHORTCUTS)).toBe('skip');
    expect(actionFor(key('ArrowLeft'), DEFAULT_SHORTCUTS)).toBe('previousTask');
    expect(actionFor(key('Enter'), DEFAULT_SHORTCUTS)).toBeNull();
    expect(actionFor(key('ArrowRight', { ctrlKey: true }), DEFAULT_SHORTCUTS)).toBeNull();
  });

  it('round-trips through storage, and falls back to the defaults on damaged entries', () => {
    const storage = memoryStorage();
    saveShortcuts({ ...DEFAULT_SHORTCUTS, submit: 'alt+enter' }, storage);
    expect(loadShortcuts(storage).submit).toBe('Alt+Enter');
    expect(loadShortcuts(memoryStorage({ 'outpost.shortcuts': '{not json' }))).toEqual(DEFAULT_SHORTCUTS);
    expect(loadShortcuts(memoryStorage({ 'outpost.shortcuts': '{"skip": 5, "nextTask": ""}' }))).toEqual(
      DEFAULT_SHORTCUTS,
    );
  });
});

import { useEffect, useRef } from 'react';
import { shortcutApplies } from './shortcutPolicy';
import { actionFor, normalizeCombo, type ShortcutAction } from './shortcuts';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The app's labeling shortcuts pressed on the page itself (the editor iframe forwards its own
 * keydowns as messages). Nothing fires while a modal dialog is open.
 */
export function useLabelingKeys(shortcuts: Record<ShortcutAction, string>, onAction: (action: ShortcutAction) => void) {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  }, [onAction]);

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const action = actionFor(event, shortcuts);
      if (!action) return;
      const context = { typing: isTyping(event.target), regionSelected: false };
      if (!shortcutApplies(action, normalizeCombo(shortcuts[action]), context)) return;
      event.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [shortcuts]);
}

import { useSyncExternalStore } from 'react';
import type { EditorTheme } from './protocol';

/*
 * The theme the app shows right now, as `applyTheme` (theme/theme.ts) writes it on <html>: the
 * user's choice, or the system's while the choice is "system". Read from the document so every
 * way the theme changes (the header switch, the settings page, the OS) reaches the editor frame.
 */

function read(): EditorTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

export function useDocumentTheme(): EditorTheme {
  return useSyncExternalStore(subscribe, read, read);
}

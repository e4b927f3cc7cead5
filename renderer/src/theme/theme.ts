import { useEffect, useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'outpost.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    // Storage can be disabled; the system theme is a fine fallback.
    return 'system';
  }
}

function saveThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted this time; the choice still applies to this window.
  }
}

export function resolveTheme(preference: ThemePreference): ResolvedTheme {
  if (preference !== 'system') return preference;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The stylesheet keys its palette on `data-theme`; `color-scheme` themes native controls too. */
export function applyTheme(preference: ThemePreference): void {
  const root = document.documentElement;
  const resolved = resolveTheme(preference);
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
}

// One preference for the whole window: the header switch and the settings page both call
// useTheme(), and each must see the other's change at once.
let current: ThemePreference | null = null;
const listeners = new Set<() => void>();

function snapshot(): ThemePreference {
  current ??= readThemePreference();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Saves, applies and announces a new preference to every useTheme() caller. */
export function setThemePreference(next: ThemePreference): void {
  saveThemePreference(next);
  current = next;
  applyTheme(next);
  for (const listener of listeners) listener();
}

/** The chosen theme, persisted, applied, and following the OS while the choice is "system". */
export function useTheme(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, snapshot, snapshot);

  useEffect(() => {
    applyTheme(preference);
    if (preference !== 'system') return;
    const media = window.matchMedia(DARK_QUERY);
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [preference]);

  return [preference, setThemePreference];
}

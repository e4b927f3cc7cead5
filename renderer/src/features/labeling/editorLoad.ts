/**
 * How long the editor may take to start, and its error messages in words a person can read.
 * Pure apart from the storage passed in, for unit tests.
 */

/** The default wait before the page says the editor is slow: long enough for a loaded machine. */
export const DEFAULT_EDITOR_LOAD_TIMEOUT_MS = 10_000;

/** A browser-storage key that shortens (or lengthens) the wait; tests set it. */
export const EDITOR_LOAD_TIMEOUT_KEY = 'outpost.editorLoadTimeoutMs';

export function editorLoadTimeoutMs(storage: { getItem(key: string): string | null } | null): number {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(EDITOR_LOAD_TIMEOUT_KEY) ?? null;
  } catch {
    // Storage can be disabled; the default applies.
  }
  const value = Number(stored);
  return stored !== null && Number.isInteger(value) && value > 0 ? value : DEFAULT_EDITOR_LOAD_TIMEOUT_MS;
}

/** "10 seconds", "1.5 seconds", "1 second". */
export function secondsText(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

const MAX_MESSAGE = 300;

/**
 * The editor's error, readable: its first line only (Label Studio appends the list of every tag
 * it knows), and its best-known one said plainly.
 */
export function readableEditorError(message: string): string {
  const firstLine = message.trim().split('\n')[0]?.trim() ?? '';
  const missingTag = /^No model registered for (?:tag|tool): "?([\w-]+)"?/.exec(firstLine);
  if (missingTag) return `The editor has no “${missingTag[1]}” tag.`;
  if (!firstLine) return 'The editor stopped without saying why.';
  return firstLine.length > MAX_MESSAGE ? `${firstLine.slice(0, MAX_MESSAGE - 1)}…` : firstLine;
}

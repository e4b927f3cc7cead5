/*
 * The sync page tells the status bar that something changed (a run started, a remote was added or
 * removed), so the bar does not wait for its next poll to say so.
 */

const EVENT = 'outpost:sync-changed';

export function nudgeSyncStatus(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` on each nudge; returns the unsubscribe. */
export function onSyncNudge(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

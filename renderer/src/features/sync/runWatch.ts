/*
 * When a remote's run has ended, from the newest run each poll sees. A run this page watched (seen
 * running, or just started here) ends when the newest is it or later and not running; a run started
 * elsewhere (the schedule, another page, the CLI) that began and ended between two polls is never
 * seen running, so a newer finished run than the last one seen counts as an end too.
 */

export interface RunWatch {
  /** The run being waited for, or null. */
  watched: number | null;
  /** The newest run id seen so far, or null before the first answer. */
  newestSeen: number | null;
}

export const NO_RUN_WATCH: RunWatch = { watched: null, newestSeen: null };

/** The next watch state, and whether a run ended (what it pulled is then read again). */
export function observeNewestRun(
  watch: RunWatch,
  newest: { id: number; status: string },
): { watch: RunWatch; ended: boolean } {
  if (newest.status === 'running') return { watch: { watched: newest.id, newestSeen: newest.id }, ended: false };
  const endedWatched = watch.watched !== null && newest.id >= watch.watched;
  const endedUnseen = watch.newestSeen !== null && newest.id > watch.newestSeen;
  return {
    watch: { watched: endedWatched ? null : watch.watched, newestSeen: Math.max(newest.id, watch.newestSeen ?? 0) },
    ended: endedWatched || endedUnseen,
  };
}

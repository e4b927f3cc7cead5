import { formatCount } from './counts.js';

/*
 * How long a long step (a pull, a media download) still needs, estimated from its rate so far:
 * the items left at the pace of the items done. Shown by the app's sync page and by `outpost
 * sync`, so both say it the same way. Rounded coarsely on purpose: the rate moves.
 */

/** Seconds left, or null before anything is done (no rate yet) or when the total is unknown. */
export function estimateSecondsLeft(done: number, total: number | null, elapsedMs: number): number | null {
  if (total === null || done <= 0 || elapsedMs < 0) return null;
  if (done >= total) return 0;
  return Math.round(((total - done) * elapsedMs) / done / 1000);
}

/** 40 → "less than a minute left", 150 → "about 3 min left", 4800 → "about 1 h 20 min left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${formatCount(hours)} h${rest === 0 ? '' : ` ${rest} min`} left`;
}

/** What a phase counts: the pull counts tasks, the media step files, the push outbox changes. */
export function progressUnit(phase: string | null): string {
  if (phase === 'pull') return 'tasks';
  if (phase === 'media') return 'files';
  if (phase === 'push') return 'changes';
  return 'items';
}

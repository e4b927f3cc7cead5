import type { SyncRun } from '../../api/remotes';

/*
 * Reading a run's `stats` JSON safely: a run that has not counted anything yet has `{}`, and an
 * older or newer server may add or drop keys, so every count defaults to 0.
 */

export interface PulledCounts {
  projects: number;
  tasks: number;
  annotations: number;
  predictions: number;
  media: number;
}

export interface PushedCounts {
  annotations: number;
  updates: number;
  deletions: number;
  tasks: number;
  /** Skipped tasks pushed: cancelled annotations, not counted as new ones. */
  skips: number;
}

export interface RunCounts {
  pulled: PulledCounts;
  pushed: PushedCounts;
  conflicts: number;
}

function count(from: unknown, key: string): number {
  if (typeof from !== 'object' || from === null) return 0;
  const value = (from as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function runCounts(stats: SyncRun['stats']): RunCounts {
  const pulled = stats.pulled;
  const pushed = stats.pushed;
  return {
    pulled: {
      projects: count(pulled, 'projects'),
      tasks: count(pulled, 'tasks'),
      annotations: count(pulled, 'annotations'),
      predictions: count(pulled, 'predictions'),
      media: count(pulled, 'media'),
    },
    pushed: {
      annotations: count(pushed, 'annotations'),
      updates: count(pushed, 'updates'),
      deletions: count(pushed, 'deletions'),
      tasks: count(pushed, 'tasks'),
      skips: count(pushed, 'skips'),
    },
    conflicts: count(stats, 'conflicts'),
  };
}

import { formatCount, pluralize as plural } from '../../../../shared/text/counts';

export { formatCount, plural };

/** One readable line per direction, e.g. "3 tasks, 5 annotations, 0 predictions". */
export function pulledSummary(pulled: PulledCounts): string {
  return [
    plural(pulled.tasks, 'task'),
    plural(pulled.annotations, 'annotation'),
    plural(pulled.predictions, 'prediction'),
  ].join(', ');
}

export function pushedSummary(pushed: PushedCounts): string {
  return [
    plural(pushed.annotations, 'new annotation'),
    plural(pushed.updates, 'update'),
    plural(pushed.deletions, 'deletion'),
    plural(pushed.tasks, 'task'),
    ...(pushed.skips > 0 ? [plural(pushed.skips, 'skip')] : []),
  ].join(', ');
}

import type { Resolution } from '../../api/conflicts';

/*
 * Conflicts in plain words: what happened, and what each of the three answers does for that
 * kind (the server's rules are in electron/core/domain/sync/conflictsResolve.ts).
 */

interface KindWords {
  title: string;
  happened: string;
  choices: Record<Resolution, string>;
}

const KINDS: Record<string, KindWords> = {
  edited_on_both_sides: {
    title: 'Edited on both sides',
    happened: 'You and someone on the remote both changed this annotation since the last sync.',
    choices: {
      keep_mine: 'Your version replaces theirs, here and on the remote.',
      keep_theirs: 'Their version stays; your copy is deleted.',
      keep_both: 'Both stay: yours is sent as a separate annotation.',
    },
  },
  edited_here_deleted_there: {
    title: 'Edited here, deleted there',
    happened: 'You changed this annotation, but it was deleted on the remote.',
    choices: {
      keep_mine: 'Your annotation is sent to the remote as a new one.',
      keep_theirs: 'Your annotation is deleted here too.',
      keep_both: 'Same as keep mine: their side is a deletion.',
    },
  },
  deleted_here_edited_there: {
    title: 'Deleted here, edited there',
    happened: 'You deleted this annotation, but someone changed it on the remote, so it came back.',
    choices: {
      keep_mine: 'It is deleted again, here and on the remote.',
      keep_theirs: 'Their edited annotation stays.',
      keep_both: 'Same as keep theirs: your side is a deletion.',
    },
  },
  task_deleted_there: {
    title: 'Task deleted on the remote',
    happened: 'This task was deleted on the remote, but it holds work of yours that was not sent yet.',
    choices: {
      keep_mine: 'The task and its annotations are sent to the remote as a new task.',
      keep_theirs: 'The task and all its annotations are deleted here.',
      keep_both: 'Same as keep mine: their side is a deletion.',
    },
  },
};

const UNKNOWN: KindWords = {
  title: 'Sync conflict',
  happened: 'The sync could not settle this change on its own.',
  choices: { keep_mine: 'Keep your version.', keep_theirs: 'Keep the remote version.', keep_both: 'Keep both.' },
};

export const wordsFor = (kind: string): KindWords => KINDS[kind] ?? UNKNOWN;

export const RESOLUTION_LABELS: Record<Resolution, string> = {
  keep_mine: 'Keep mine',
  keep_theirs: 'Keep theirs',
  keep_both: 'Keep both',
};

export const RESOLUTION_DONE: Record<Resolution, string> = {
  keep_mine: 'Kept mine',
  keep_theirs: 'Kept theirs',
  keep_both: 'Kept both',
};

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : DATE_TIME.format(date);
}

import type { Draft as DraftFields } from '../../../../shared/api/annotations.js';
import { pyFloatOrNull, type WithFloats } from '../export/encode/pyFloat.js';
import type { DraftRow } from '../../db/repos/draftsRepo.js';
import { timesince } from '../timesince.js';

/** AnnotationDraftSerializer's `get_created_username`: no leading space, unlike the annotation's. */
function createdUsername(row: DraftRow): string {
  if (row.user === null || row.author_email === null) return '';
  let name = row.author_first_name ?? '';
  if (row.author_last_name) name += ` ${row.author_last_name}`;
  return `${name}${name ? ' ' : ''}${row.author_email}, ${row.user}`;
}

/** A draft as answered: its lead time is written as a float, as Label Studio writes it. */
export type Draft = WithFloats<DraftFields, 'lead_time'>;

/**
 * AnnotationDraftSerializer (`fields='__all__'`): the id, the declared fields (`user` as the
 * author's email, which is how Label Studio prints a user), the model's fields, then its
 * relations (task and annotation; Label Studio 1.22 shows no project). `state` is absent with the
 * FSM flags off.
 */
export function serializeDraft(row: DraftRow, now: Date): Draft {
  return {
    id: row.id,
    user: row.author_email,
    created_username: createdUsername(row),
    created_ago: timesince(row.created_at, now),
    result: JSON.parse(row.result) as Draft['result'],
    lead_time: pyFloatOrNull(row.lead_time),
    was_postponed: row.was_postponed !== 0,
    import_id: row.import_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    task: row.task,
    annotation: row.annotation,
  } satisfies Draft;
}

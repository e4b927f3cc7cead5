import { findDraftById, type DraftRow } from '../../db/repos/draftsRepo.js';
import type { DomainContext } from '../context.js';
import { DomainError, NotFoundError } from '../errors.js';

/**
 * A draft the caller may see and change: drafts are private to their author (the label stream
 * and the DM list only ever show the caller's), so another user's draft is DRF's 403.
 */
export function getOwnDraftRow(ctx: DomainContext, userId: number, draftId: number): DraftRow {
  const draft = findDraftById(ctx.db, draftId);
  if (!draft) throw new NotFoundError('No AnnotationDraft matches the given query.');
  if (draft.user !== userId) throw new DomainError(403, 'You do not have permission to perform this action.');
  return draft;
}

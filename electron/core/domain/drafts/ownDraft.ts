import { deleteDraftRow, findDraftById, updateDraftColumns, type DraftColumns } from '../../db/repos/draftsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { getOwnDraftRow } from './draftAccess.js';
import type { DraftInput } from './draftFields.js';
import { serializeDraft } from './serializeDraft.js';

/** `GET /api/drafts/{id}/`. */
export function getDraft(ctx: DomainContext, userId: number, draftId: number): Record<string, unknown> {
  return serializeDraft(getOwnDraftRow(ctx, userId, draftId), ctx.clock());
}

/** `PATCH` / `PUT /api/drafts/{id}/`: only the given fields change (the editor autosaves this way). */
export function updateDraft(
  ctx: DomainContext,
  userId: number,
  draftId: number,
  input: DraftInput,
): Record<string, unknown> {
  const now = formatTimestamp(ctx.clock());
  ctx.db.transaction(() => {
    const draft = getOwnDraftRow(ctx, userId, draftId);
    const columns: Partial<DraftColumns> = { updated_at: now };
    if (input.result !== undefined) columns.result = JSON.stringify(input.result);
    if (input.lead_time !== undefined) columns.lead_time = input.lead_time;
    if (input.was_postponed !== undefined) columns.was_postponed = Number(input.was_postponed);
    if (input.import_id !== undefined) columns.import_id = input.import_id;
    updateDraftColumns(ctx.db, draft.id, columns);
  })();
  return serializeDraft(findDraftById(ctx.db, draftId)!, ctx.clock());
}

/** `DELETE /api/drafts/{id}/`: 204. */
export function deleteDraft(ctx: DomainContext, userId: number, draftId: number): void {
  ctx.db.transaction(() => {
    const draft = getOwnDraftRow(ctx, userId, draftId);
    deleteDraftRow(ctx.db, draft.id);
  })();
}

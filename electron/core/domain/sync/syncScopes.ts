import { syncScopeSchema, type SyncScope } from '../../../../shared/api/syncScope.js';
import { findScopeRow, listScopesOfRemote, saveScope } from '../../db/repos/syncScopesRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { requireRemote } from '../remotes/remotes.js';

/*
 * The scope of a partial mirror (docs/sync.md#partial-mirrors): which part of a remote project
 * the pull brings. It can be chosen before the first pull and changed at any time; a pull reads it
 * when it starts, so a change made while a sync runs counts from the next pull.
 */

/** A stored scope as its schema reads it; one that no longer parses counts as the whole project. */
export function parseStoredScope(json: string | null | undefined): SyncScope {
  if (json === null || json === undefined) return null;
  try {
    const parsed = syncScopeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Ids listed once each, in order, so a scope reads the same however it was typed. */
function normalized(scope: SyncScope): SyncScope {
  if (scope?.kind !== 'ids') return scope;
  return { kind: 'ids', ids: [...new Set(scope.ids)].sort((a, b) => a - b) };
}

export function getSyncScope(ctx: DomainContext, remoteId: number, remoteProjectId: number): SyncScope {
  requireRemote(ctx, remoteId);
  return parseStoredScope(findScopeRow(ctx.db, remoteId, remoteProjectId)?.scope);
}

/** Stores a scope (already checked against syncScopeSchema) and returns it as stored. */
export function setSyncScope(
  ctx: DomainContext,
  remoteId: number,
  remoteProjectId: number,
  scope: SyncScope,
): SyncScope {
  requireRemote(ctx, remoteId);
  const stored = normalized(scope);
  saveScope(ctx.db, remoteId, remoteProjectId, stored && JSON.stringify(stored), formatTimestamp(ctx.clock()));
  return stored;
}

/** The scope of each project of a remote that has one. */
export function listSyncScopes(ctx: DomainContext, remoteId: number): Map<number, SyncScope> {
  const scopes = new Map<number, SyncScope>();
  for (const [remoteProjectId, json] of listScopesOfRemote(ctx.db, remoteId)) {
    scopes.set(remoteProjectId, parseStoredScope(json));
  }
  return scopes;
}

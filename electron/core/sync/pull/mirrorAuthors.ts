import { ensureMirrorUser, findMirrorUser } from '../../db/repos/syncMirrorRepo.js';
import type { SyncContext } from '../syncTypes.js';
import type { ParsedAuthor } from './remoteTask.js';

/**
 * Maps remote user ids to local users for one pull. The token's own user is the local user:
 * work I did on the remote (or pushed from here) shows as mine. Everyone else gets a local
 * stand-in (is_local = 0), created or renamed once per pull from what the remote tells.
 */
export interface AuthorMap {
  /** The local user for an author the remote identified (creates the stand-in if needed). */
  author(remoteUserId: number, identity: ParsedAuthor | null, now: string): number;
  /** The local user for a remote id only when it is already known (updated_by, last_created_by). */
  known(remoteUserId: number | null | undefined): number | null;
}

export function createAuthorMap(ctx: SyncContext): AuthorMap {
  const seen = new Map<number, number>([[ctx.remoteUser.id, ctx.localUserId]]);
  return {
    author(remoteUserId, identity, now) {
      const cached = seen.get(remoteUserId);
      if (cached !== undefined) return cached;
      // Without identity an existing stand-in is kept as it is rather than renamed to nothing.
      const existing = identity ? undefined : findMirrorUser(ctx.db, ctx.remoteUrl, remoteUserId);
      const local =
        existing ??
        ensureMirrorUser(
          ctx.db,
          ctx.remoteUrl,
          {
            id: remoteUserId,
            email: identity?.email ?? '',
            first_name: identity?.first_name ?? '',
            last_name: identity?.last_name ?? '',
          },
          now,
        );
      seen.set(remoteUserId, local);
      return local;
    },
    known(remoteUserId) {
      if (remoteUserId === null || remoteUserId === undefined) return null;
      const local = seen.get(remoteUserId) ?? findMirrorUser(ctx.db, ctx.remoteUrl, remoteUserId);
      if (local !== undefined) seen.set(remoteUserId, local);
      return local ?? null;
    },
  };
}

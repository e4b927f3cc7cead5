import type { Db } from '../../db/open.js';
import { listServerUserIdsOfProject } from '../../db/repos/serverUserIdsRepo.js';

/** The id a user id is written as in what a project's answers and exports show. */
export type ServerUserId = (localId: number) => number;

const unchanged: ServerUserId = (localId) => localId;

/**
 * A project that mirrors a remote one writes its people with the remote's user ids, as the
 * server's own exports and `created_username` do: a file exported here then names the same
 * annotators as one exported there, and stays comparable with it. That covers the remote's
 * authors (their stand-ins here) and the local user, who is the token's account there. Anyone
 * else (a local project's users, a user the remote never saw) keeps the local id.
 */
export function serverUserIdsOfProject(db: Db, project: number): ServerUserId {
  const ids = listServerUserIdsOfProject(db, project);
  if (ids.size === 0) return unchanged;
  return (localId) => ids.get(localId) ?? localId;
}

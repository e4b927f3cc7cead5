import { listRemoteRows } from '../../db/repos/remotesRepo.js';
import { findFirstLocalUser, setUserIdentity } from '../../db/repos/usersRepo.js';
import type { Db } from '../../db/open.js';

/** The remote account a token belongs to, as the remote's whoami tells it. */
export interface RemoteAccount {
  id: number;
  email: string;
  username?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

/**
 * The person using this Outpost is, on a team's server, the account whose token Outpost holds:
 * the annotations they made there and the ones they make here are the same person's work. So the
 * local user carries that account's email, username and names (and with them its initials and
 * `created_username`), exactly as the server gives them, in every answer: the Data Manager, the
 * editor, conflicts and the dashboard then show one person, not a placeholder beside the server's
 * name. With several remotes the earliest connected one (the lowest remote id still present)
 * names the local user; its whoami at each connect keeps the names current. Returns whether the
 * account was adopted.
 */
export function adoptRemoteIdentity(db: Db, remoteId: number, account: RemoteAccount): boolean {
  const first = listRemoteRows(db)[0];
  if (first?.id !== remoteId) return false;
  const localUser = findFirstLocalUser(db);
  if (!localUser) return false;
  setUserIdentity(db, localUser.id, {
    email: account.email,
    username: account.username ?? account.email,
    first_name: account.first_name ?? '',
    last_name: account.last_name ?? '',
  });
  return true;
}

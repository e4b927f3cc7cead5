import { listAllUsers, type UserRow } from '../../db/repos/usersRepo.js';
import type { DomainContext } from '../context.js';

/**
 * The organization's members, as `GET /api/users/` lists them: the local user and the stand-ins
 * a pull made for remote authors (their ids are the `completed_by` of pulled annotations).
 */
export function listUsers(ctx: DomainContext): UserRow[] {
  return listAllUsers(ctx.db);
}

import { findUserById, type UserRow } from '../../db/repos/usersRepo.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';

export function getUser(ctx: DomainContext, id: number): UserRow {
  const user = findUserById(ctx.db, id);
  if (!user) throw new NotFoundError('No User matches the given query.');
  return user;
}

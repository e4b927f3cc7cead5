import { findFirstLocalUser, insertLocalUser, type UserRow } from '../../db/repos/usersRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';

export const DEFAULT_USER_EMAIL = 'annotator@outpost.local';
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The person using this Outpost, created on first start. `email` only applies on that first start. */
export function ensureLocalUser(ctx: DomainContext, email = DEFAULT_USER_EMAIL): UserRow {
  const existing = findFirstLocalUser(ctx.db);
  if (existing) return existing;
  if (!EMAIL.test(email)) throw new ValidationError({ email: ['Enter a valid email address.'] });
  insertLocalUser(ctx.db, email, formatTimestamp(ctx.clock()));
  const created = findFirstLocalUser(ctx.db);
  if (!created) throw new Error('the local user could not be created');
  return created;
}

/*
 * People in the Data Manager: the `annotators` column holds user ids and `updated_by` holds
 * `{user_id}` objects, as Label Studio's task list has them; `/api/users/` says who they are. Shown
 * as Label Studio shows them: a coloured circle with initials, the name (or email) on hover.
 */

import type { User } from '../../../../shared/api/users';

/** The fields of a `/api/users/` item the grid uses; any but the id may be unknown. */
export type DmUser = Pick<User, 'id'> &
  Partial<Pick<User, 'first_name' | 'last_name' | 'username' | 'email' | 'avatar' | 'initials'>>;

/** The user ids in a users cell: `[1, 2]` (annotators) or `[{user_id: 1}]` (updated_by). */
export function userIdsOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const item of value) {
    const id = typeof item === 'object' && item !== null ? (item as { user_id?: unknown }).user_id : item;
    if (typeof id === 'number' && Number.isInteger(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Label Studio's display name: first and last name, else the username, else the email. */
export function userDisplayName(user: DmUser): string {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name || user.username || user.email || `User #${user.id}`;
}

/** What the hover and screen readers tell: the name, and the email when the name is not it. */
export function userDescription(user: DmUser): string {
  const name = userDisplayName(user);
  return user.email && user.email !== name ? `${name} (${user.email})` : name;
}

/** The server's initials (first letters of the names, else the email's first two), upper-cased. */
export function userInitials(user: DmUser): string {
  const fromNames = `${user.first_name?.slice(0, 1) ?? ''}${user.last_name?.slice(0, 1) ?? ''}`;
  const initials = user.initials || fromNames || (user.username ?? user.email ?? '').slice(0, 2);
  return (initials || '?').toUpperCase();
}

/*
 * Label Studio picks a random colour per user and keeps it in the browser; a fixed palette picked
 * by id gives the same person the same colour everywhere. Each keeps white initials above 5:1.
 */
const AVATAR_COLORS = ['#2563c9', '#23773a', '#b42318', '#7a3fc4', '#9a5b00', '#0f766e', '#be185d', '#4b5563'];

export function avatarColor(userId: number): string {
  const index = ((userId % AVATAR_COLORS.length) + AVATAR_COLORS.length) % AVATAR_COLORS.length;
  return AVATAR_COLORS[index]!;
}

/** An avatar picture only when the server itself serves it: the app never loads from elsewhere. */
export function localAvatarUrl(user: DmUser): string | null {
  return typeof user.avatar === 'string' && user.avatar.startsWith('/') && !user.avatar.startsWith('//')
    ? user.avatar
    : null;
}

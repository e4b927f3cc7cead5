import type { User, UserSimple, WhoAmI } from '../../../../shared/api/users.js';
import type { UserRow } from '../../db/repos/usersRepo.js';

export const ORGANIZATION_ID = 1;
// Label Studio names the organization it makes for its first user so (CE has one organization).
export const ORGANIZATION_TITLE = 'Label Studio';

/**
 * Permission codes a Community Edition member holds, in the order Label Studio 1.22's whoami lists
 * them (CE has no roles: every member holds all of them).
 */
const PERMISSIONS = [
  'organizations.create',
  'organizations.view',
  'organizations.change',
  'organizations.delete',
  'organizations.invite',
  'projects.create',
  'projects.view',
  'projects.change',
  'projects.delete',
  'projects.reset_cache',
  'tasks.create',
  'tasks.view',
  'tasks.change',
  'tasks.delete',
  'views.reset',
  'annotations.create',
  'annotations.view',
  'annotations.change',
  'annotations.delete',
  'actions.perform',
  'predictions.any',
  'avatar.any',
  'labels.create',
  'labels.view',
  'labels.change',
  'labels.delete',
  'models.create',
  'models.view',
  'models.change',
  'models.delete',
  'model_provider_connection.create',
  'model_provider_connection.view',
  'model_provider_connection.change',
  'model_provider_connection.delete',
  'webhooks.view',
  'webhooks.change',
  'users.token.any',
  'storages.view',
  'storages.change',
  'storages.sync',
  'views.view',
  'views.create',
  'views.change',
  'views.delete',
];

/** Label Studio's initials: first and last name initials, else the first two letters of the email. */
function initials(user: UserRow): string {
  const fromNames = `${user.first_name.slice(0, 1)}${user.last_name.slice(0, 1)}`;
  return fromNames || user.email.slice(0, 2);
}

/** `UserSimpleSerializer`: the nested form used in `created_by` and elsewhere (no `username`). */
export function toUserSimple(user: UserRow): UserSimple {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    avatar: user.avatar,
  } satisfies UserSimple;
}

/** `UserSerializer` (CE 1.22): `/api/users/` items. */
export function toUser(user: UserRow): User {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    last_activity: user.last_activity,
    custom_hotkeys: JSON.parse(user.custom_hotkeys) as unknown,
    avatar: user.avatar,
    initials: initials(user),
    phone: user.phone,
    active_organization: ORGANIZATION_ID,
    active_organization_meta: { title: ORGANIZATION_TITLE, email: user.email },
    allow_newsletters: user.allow_newsletters === null ? null : user.allow_newsletters === 1,
    date_joined: user.date_joined,
  } satisfies User;
}

/** `GET /api/current-user/whoami` (`BaseWhoAmIUserSerializer`, CE 1.22): the user and its permissions. */
export function toWhoAmI(user: UserRow): WhoAmI {
  return { ...toUser(user), permissions: PERMISSIONS };
}

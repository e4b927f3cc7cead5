import { AVATAR_SLOTS } from './columnWidths';
import { avatarColor, localAvatarUrl, userDescription, userInitials, userIdsOf, type DmUser } from './users';
import { useUsersById } from './useDmUsers';

/** One person: a coloured circle with initials (or the picture the server serves), named on hover. */
function UserAvatar({ id, user }: { id: number; user: DmUser | undefined }) {
  const description = user ? userDescription(user) : `User #${id}`;
  const picture = user ? localAvatarUrl(user) : null;
  return (
    <span
      className="dm-avatar"
      role="img"
      aria-label={description}
      title={description}
      data-user-id={id}
      style={{ background: avatarColor(id) }}
    >
      {picture ? <img className="dm-avatar__picture" src={picture} alt="" /> : user ? userInitials(user) : '#'}
    </span>
  );
}

/** The people of a users cell; past three, the third circle is "+N", naming the rest on hover. */
export function UserAvatars({ value }: { value: unknown }) {
  const users = useUsersById();
  const ids = userIdsOf(value);
  if (ids.length === 0) return null;
  const shown = ids.length > AVATAR_SLOTS ? ids.slice(0, AVATAR_SLOTS - 1) : ids;
  const rest = ids.slice(shown.length);
  const restNames = rest.map((id) => {
    const user = users.get(id);
    return user ? userDescription(user) : `User #${id}`;
  });
  return (
    <span className="dm-avatars">
      {shown.map((id) => (
        <UserAvatar key={id} id={id} user={users.get(id)} />
      ))}
      {rest.length > 0 && (
        <span className="dm-avatars__more" role="img" aria-label={restNames.join(', ')} title={restNames.join('\n')}>
          +{rest.length}
        </span>
      )}
    </span>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { listUsers } from '../../api/users';
import type { DmUser } from './users';

export type UsersById = ReadonlyMap<number, DmUser>;

const NO_USERS: UsersById = new Map();

/** The people the grid's users columns name, by id; empty until `/api/users/` answered. */
export const DmUsersContext = createContext<UsersById>(NO_USERS);

export function useUsersById(): UsersById {
  return useContext(DmUsersContext);
}

const byId = (list: readonly DmUser[]): UsersById => new Map(list.map((user) => [user.id, user]));

/**
 * `/api/users/` for the page, read again when `queryKeys.users` is invalidated (a sync may have
 * brought new authors). Without an answer the cells still show each user's id, so a failure here
 * is not worth a message.
 */
export function useDmUsers(): UsersById {
  const client = useApi();
  const { data } = useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => listUsers(client, signal),
    select: byId,
  });
  return data ?? NO_USERS;
}

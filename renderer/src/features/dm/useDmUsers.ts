import { createContext, useContext, useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { listUsers } from '../../api/users';
import type { DmUser } from './users';

export type UsersById = ReadonlyMap<number, DmUser>;

const NO_USERS: UsersById = new Map();

/** The people the grid's users columns name, by id; empty until `/api/users/` answered. */
export const DmUsersContext = createContext<UsersById>(NO_USERS);

export function useUsersById(): UsersById {
  return useContext(DmUsersContext);
}

/**
 * Loads `/api/users/` for the page, again on each refresh (a sync may have brought new authors).
 * Without an answer the cells still show each user's id, so a failure here is not worth a message.
 */
export function useDmUsers(refresh: number): UsersById {
  const client = useApi();
  const [users, setUsers] = useState<UsersById>(NO_USERS);
  useEffect(() => {
    const controller = new AbortController();
    listUsers(client, controller.signal).then(
      (list) => setUsers(new Map(list.map((user) => [user.id, user]))),
      () => undefined,
    );
    return () => controller.abort();
  }, [client, refresh]);
  return users;
}

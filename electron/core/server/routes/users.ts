import type { Hono } from 'hono';
import { getUser } from '../../domain/users/getUser.js';
import { listUsers } from '../../domain/users/listUsers.js';
import { toUser } from '../../domain/users/serializeUser.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';

const NO_USER = 'No User matches the given query.';

/**
 * `/api/users/` (Label Studio's `UserAPI`): the SDK's `users.list()` and `users.get(id)`, a plain
 * array as in Label Studio. Outpost has no one to invite, so creating, changing and removing
 * users is not offered (DRF's 405).
 */
export function userRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/users', {
    get: (c) => c.json(listUsers(c.get('deps')).map(toUser)),
  });
  defineRoute(app, '/api/users/:id{[0-9]+}', {
    get: (c) => c.json(toUser(getUser(c.get('deps'), pathId(c, 'id', NO_USER)))),
  });
}

import type { Hono } from 'hono';
import type { TokenAnswer } from '../../../../shared/api/tokens.js';
import { ensureLegacyToken, resetLegacyToken } from '../../domain/tokens/legacyTokens.js';
import { getUser } from '../../domain/users/getUser.js';
import { toWhoAmI } from '../../domain/users/serializeUser.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';

/** The caller's own user and legacy token (docs/label-studio-compatibility.md#authentication-and-tokens). */
export function currentUserRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/current-user/whoami', {
    get: (c) => c.json(toWhoAmI(getUser(c.get('deps'), c.get('userId')))),
  });
  defineRoute(app, '/api/current-user/token', {
    get: (c) => c.json({ token: ensureLegacyToken(c.get('deps'), c.get('userId')) } satisfies TokenAnswer),
  });
  defineRoute(app, '/api/current-user/reset-token', {
    post: (c) => c.json({ token: resetLegacyToken(c.get('deps'), c.get('userId')) } satisfies TokenAnswer, 201),
  });
}

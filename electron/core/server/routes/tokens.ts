import type { Hono } from 'hono';
import { z } from 'zod';
import type { TokenAnswer } from '../../../../shared/api/tokens.js';
import { readJwtSettings, updateJwtSettings } from '../../domain/tokens/jwtSettings.js';
import {
  blacklistToken,
  createPersonalAccessToken,
  listPersonalAccessTokens,
  refreshAccessToken,
  rotatePersonalAccessToken,
} from '../../domain/tokens/personalAccessTokens.js';
import type { AppEnv } from '../appEnv.js';
import { drfCharField, parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';

const refreshBody = z.object({ refresh: drfCharField() });
const jwtSettingsBody = z
  .object({
    api_tokens_enabled: z.boolean({ error: 'Must be a valid boolean.' }),
    legacy_api_tokens_enabled: z.boolean({ error: 'Must be a valid boolean.' }),
  })
  .partial();

/** Personal access tokens (JWT) and the organization's token settings (docs/label-studio-compatibility.md#authentication-and-tokens). */
export function tokenRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/token', {
    get: (c) => c.json(listPersonalAccessTokens(c.get('deps'), c.get('userId'))),
    post: async (c) =>
      c.json({ token: await createPersonalAccessToken(c.get('deps'), c.get('userId')) } satisfies TokenAnswer, 201),
  });
  defineRoute(app, '/api/token/refresh', {
    post: async (c) => {
      const { refresh } = parseWith(refreshBody, await readObjectBody(c));
      return c.json({
        access: await refreshAccessToken(c.get('deps'), refresh, c.get('deps').accessTokenLifetimeSeconds),
      });
    },
  });
  defineRoute(app, '/api/token/blacklist', {
    post: async (c) => {
      const { refresh } = parseWith(refreshBody, await readObjectBody(c));
      blacklistToken(c.get('deps'), refresh);
      return c.body(null, 204);
    },
  });
  defineRoute(app, '/api/token/rotate', {
    post: async (c) => {
      const { refresh } = parseWith(refreshBody, await readObjectBody(c));
      return c.json({ refresh: await rotatePersonalAccessToken(c.get('deps'), c.get('userId'), refresh) });
    },
  });
  defineRoute(app, '/api/jwt/settings', {
    get: (c) => c.json(readJwtSettings(c.get('deps').db)),
    post: async (c) => {
      const changes = parseWith(jwtSettingsBody, await readObjectBody(c));
      return c.json(updateJwtSettings(c.get('deps').db, changes));
    },
  });
}

import { findUserById } from '../../db/repos/usersRepo.js';
import type { DomainContext } from '../context.js';
import { AuthenticationError, PlainError } from '../errors.js';
import { readJwtSettings } from '../tokens/jwtSettings.js';
import { findLegacyTokenOwner } from '../tokens/legacyTokens.js';
import { verifyAccessToken } from '../tokens/personalAccessTokens.js';

export interface Credentials {
  authorization?: string | undefined;
  apiKey?: string | undefined;
}

export const NOT_PROVIDED = 'Authentication credentials were not provided.';
const LEGACY_DISABLED =
  'Authentication token no longer valid: legacy token authentication has been disabled for this organization';

/**
 * Resolves a request's credentials to a user id the way Label Studio does: X-Api-Key is rewritten
 * to a `Token` header; a valid `Bearer` access JWT wins, an invalid one is silently ignored; then
 * DRF's `Token` authentication runs with its own messages. Throws the 401 to send otherwise.
 */
export async function authenticateRequest(ctx: DomainContext, credentials: Credentials): Promise<number> {
  const authorization = credentials.apiKey !== undefined ? `Token ${credentials.apiKey}` : credentials.authorization;
  const parts = (authorization ?? '').trim().split(/\s+/).filter(Boolean);
  const keyword = parts[0]?.toLowerCase();
  const settings = readJwtSettings(ctx.db);

  if (keyword === 'bearer' && parts.length === 2 && settings.api_tokens_enabled) {
    const userId = await verifyAccessToken(ctx, parts[1] as string);
    if (userId !== null) {
      if (!findUserById(ctx.db, userId)) throw new PlainError(401, 'User not found');
      return userId;
    }
  }

  if (keyword === 'token') {
    if (parts.length === 1) throw new AuthenticationError('Invalid token header. No credentials provided.');
    if (parts.length > 2) {
      throw new AuthenticationError('Invalid token header. Token string should not contain spaces.');
    }
    const owner = findLegacyTokenOwner(ctx, parts[1] as string);
    if (owner === null || !findUserById(ctx.db, owner)) throw new AuthenticationError('Invalid token.');
    if (!settings.legacy_api_tokens_enabled) throw new AuthenticationError(LEGACY_DISABLED);
    return owner;
  }

  throw new AuthenticationError(NOT_PROVIDED);
}

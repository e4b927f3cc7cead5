import type { ListedAccessToken } from '../../../../shared/api/tokens.js';
import {
  blacklistPersonalAccessToken,
  findPersonalAccessTokenByJti,
  insertPersonalAccessToken,
  listLivePersonalAccessTokens,
} from '../../db/repos/tokensRepo.js';
import { findUserById } from '../../db/repos/usersRepo.js';
import { formatTimestamp, toUnixSeconds } from '../clock.js';
import type { DomainContext } from '../context.js';
import { AuthenticationError, ConflictError, PlainError, ValidationError } from '../errors.js';
import { newJti, signJwt, verifyJwt, withoutSignature } from '../jwt.js';

/** Label Studio CE's PAT lifetime ("eternity") and simplejwt's default access token lifetime. */
export const PAT_LIFETIME_SECONDS = 200 * 365 * 24 * 60 * 60;
export const ACCESS_LIFETIME_SECONDS = 5 * 60;

function issuePersonalAccessToken(ctx: DomainContext, user: number): string {
  const now = ctx.clock();
  const iat = toUnixSeconds(now);
  const claims = { token_type: 'refresh' as const, exp: iat + PAT_LIFETIME_SECONDS, iat, jti: newJti(), user_id: user };
  const token = signJwt(claims, ctx.secret);
  insertPersonalAccessToken(ctx.db, {
    jti: claims.jti,
    token,
    user,
    created_at: formatTimestamp(now),
    expires_at: formatTimestamp(new Date(claims.exp * 1000)),
  });
  return token;
}

function liveTokens(ctx: DomainContext, user: number) {
  return listLivePersonalAccessTokens(ctx.db, user, formatTimestamp(ctx.clock()));
}

/** `GET /api/token/`: live PATs without their signatures. */
export function listPersonalAccessTokens(ctx: DomainContext, user: number): ListedAccessToken[] {
  return liveTokens(ctx, user).map((row) => ({ token: withoutSignature(row.token) }));
}

/** `POST /api/token/`: a new PAT, refused while the user still has a live one. */
export function createPersonalAccessToken(ctx: DomainContext, user: number): string {
  if (liveTokens(ctx, user).length > 0) {
    throw new ConflictError('You already have a valid token. Please revoke it before creating a new one.');
  }
  return issuePersonalAccessToken(ctx, user);
}

/** The newest live PAT, or a new one: what the CLI prints as `PAT:`. */
export function ensurePersonalAccessToken(ctx: DomainContext, user: number): string {
  return liveTokens(ctx, user).at(-1)?.token ?? issuePersonalAccessToken(ctx, user);
}

/** Verifies a PAT fully: signature, expiry, type, and that it was issued here and not revoked. */
function verifyRefreshToken(ctx: DomainContext, token: string) {
  const verified = verifyJwt(token, ctx.secret, 'refresh', toUnixSeconds(ctx.clock()));
  if (!verified.ok) return verified;
  const row = findPersonalAccessTokenByJti(ctx.db, verified.claims.jti);
  if (!row) return { ok: false as const, reason: 'Token is invalid' as const };
  if (row.blacklisted_at) return { ok: false as const, reason: 'Token is blacklisted' as const };
  return { ok: true as const, claims: verified.claims, row };
}

/** `POST /api/token/refresh/`: exchanges a PAT for a (by default 5-minute) access token. */
export function refreshAccessToken(
  ctx: DomainContext,
  refresh: string,
  lifetimeSeconds: number = ACCESS_LIFETIME_SECONDS,
): string {
  const verified = verifyRefreshToken(ctx, refresh);
  if (!verified.ok) throw new AuthenticationError(verified.reason);
  if (!findUserById(ctx.db, verified.claims.user_id)) {
    throw new AuthenticationError('No active account found for the given token.');
  }
  const iat = toUnixSeconds(ctx.clock());
  return signJwt(
    { token_type: 'access', exp: iat + lifetimeSeconds, iat, jti: newJti(), user_id: verified.claims.user_id },
    ctx.secret,
  );
}

function decodeJtiWithoutVerifying(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { jti?: unknown };
    return typeof claims.jti === 'string' ? claims.jti : null;
  } catch {
    return null;
  }
}

/**
 * `POST /api/token/blacklist/`: revokes a PAT. Like Label Studio it accepts the truncated form the
 * list shows (no signature), so the token is identified by its jti, which must be one issued here.
 */
export function blacklistToken(ctx: DomainContext, refresh: string): void {
  const jti = decodeJtiWithoutVerifying(refresh);
  const row = jti ? findPersonalAccessTokenByJti(ctx.db, jti) : undefined;
  if (!row || row.blacklisted_at) throw new PlainError(404, 'Token is invalid or already blacklisted.');
  blacklistPersonalAccessToken(ctx.db, row.id, formatTimestamp(ctx.clock()));
}

/** `POST /api/token/rotate/`: revokes the given PAT and issues a new one for the caller. */
export function rotatePersonalAccessToken(ctx: DomainContext, user: number, refresh: string): string {
  return ctx.db.transaction(() => {
    const verified = verifyRefreshToken(ctx, refresh);
    if (!verified.ok) throw new ValidationError({ non_field_errors: ['Invalid refresh token'] });
    blacklistPersonalAccessToken(ctx.db, verified.row.id, formatTimestamp(ctx.clock()));
    return issuePersonalAccessToken(ctx, user);
  })();
}

/** The user id of a valid access token, or null (the caller then falls through to other auth). */
export function verifyAccessToken(ctx: DomainContext, token: string): number | null {
  const verified = verifyJwt(token, ctx.secret, 'access', toUnixSeconds(ctx.clock()));
  return verified.ok ? verified.claims.user_id : null;
}

import type { ListedAccessToken } from '../../../../shared/api/tokens.js';
import {
  blacklistPersonalAccessToken,
  findPersonalAccessTokenByJti,
  insertAccessToken,
  insertPersonalAccessToken,
  isAccessTokenLive,
  listLivePersonalAccessTokens,
} from '../../db/repos/tokensRepo.js';
import { findUserById } from '../../db/repos/usersRepo.js';
import { formatTimestamp, toUnixSeconds } from '../clock.js';
import type { DomainContext } from '../context.js';
import { AuthenticationError, ConflictError, PlainError, ValidationError } from '../errors.js';
import { newJti, signJwt, verifyJwt, withoutSignature, withSignature, type JwtClaims } from '../jwt.js';

/** Label Studio CE's PAT lifetime ("eternity") and simplejwt's default access token lifetime. */
export const PAT_LIFETIME_SECONDS = 200 * 365 * 24 * 60 * 60;
export const ACCESS_LIFETIME_SECONDS = 5 * 60;

interface SignedToken {
  token: string;
  claims: JwtClaims;
  issuedAt: Date;
}

/** Signing is asynchronous (WebCrypto), so a token is signed first and stored later, in one step. */
async function signPersonalAccessToken(ctx: DomainContext, user: number): Promise<SignedToken> {
  const issuedAt = ctx.clock();
  const iat = toUnixSeconds(issuedAt);
  const claims = { token_type: 'refresh' as const, exp: iat + PAT_LIFETIME_SECONDS, iat, jti: newJti(), user_id: user };
  return { token: await signJwt(claims, ctx.secret), claims, issuedAt };
}

/** Stored without its signature (a copied database holds no usable PAT); returns the whole token. */
function storePersonalAccessToken(ctx: DomainContext, signed: SignedToken): string {
  insertPersonalAccessToken(ctx.db, {
    jti: signed.claims.jti,
    token: withoutSignature(signed.token),
    user: signed.claims.user_id,
    created_at: formatTimestamp(signed.issuedAt),
    expires_at: formatTimestamp(new Date(signed.claims.exp * 1000)),
  });
  return signed.token;
}

function liveTokens(ctx: DomainContext, user: number) {
  return listLivePersonalAccessTokens(ctx.db, user, formatTimestamp(ctx.clock()));
}

/** `GET /api/token/`: live PATs without their signatures. */
export function listPersonalAccessTokens(ctx: DomainContext, user: number): ListedAccessToken[] {
  return liveTokens(ctx, user).map((row) => ({ token: row.token }));
}

/** `POST /api/token/`: a new PAT, refused while the user still has a live one. */
export async function createPersonalAccessToken(ctx: DomainContext, user: number): Promise<string> {
  const signed = await signPersonalAccessToken(ctx, user);
  // Checked after signing, with no await before the insert, so two requests cannot both pass.
  if (liveTokens(ctx, user).length > 0) {
    throw new ConflictError('You already have a valid token. Please revoke it before creating a new one.');
  }
  return storePersonalAccessToken(ctx, signed);
}

/** The newest live PAT, or a new one: what the CLI prints as `PAT:`. */
export async function ensurePersonalAccessToken(ctx: DomainContext, user: number): Promise<string> {
  const newest = () => liveTokens(ctx, user).at(-1)?.token;
  const live = newest();
  if (live) return withSignature(live, ctx.secret);
  const signed = await signPersonalAccessToken(ctx, user);
  const storedMeanwhile = newest();
  return storedMeanwhile ? withSignature(storedMeanwhile, ctx.secret) : storePersonalAccessToken(ctx, signed);
}

/** That a verified PAT was issued here and is not revoked (read again inside a write transaction). */
function checkIssuedHere(ctx: DomainContext, claims: JwtClaims) {
  const row = findPersonalAccessTokenByJti(ctx.db, claims.jti);
  if (!row) return { ok: false as const, reason: 'Token is invalid' as const };
  if (row.blacklisted_at) return { ok: false as const, reason: 'Token is blacklisted' as const };
  return { ok: true as const, claims, row };
}

/** Verifies a PAT fully: signature, expiry, type, and that it was issued here and not revoked. */
async function verifyRefreshToken(ctx: DomainContext, token: string) {
  const verified = await verifyJwt(token, ctx.secret, 'refresh', toUnixSeconds(ctx.clock()));
  return verified.ok ? checkIssuedHere(ctx, verified.claims) : verified;
}

/** `POST /api/token/refresh/`: exchanges a PAT for a (by default 5-minute) access token. */
export async function refreshAccessToken(
  ctx: DomainContext,
  refresh: string,
  lifetimeSeconds: number = ACCESS_LIFETIME_SECONDS,
): Promise<string> {
  const verified = await verifyRefreshToken(ctx, refresh);
  if (!verified.ok) throw new AuthenticationError(verified.reason);
  if (!findUserById(ctx.db, verified.claims.user_id)) {
    throw new AuthenticationError('No active account found for the given token.');
  }
  const iat = toUnixSeconds(ctx.clock());
  const claims = { token_type: 'access' as const, exp: iat + lifetimeSeconds, iat, jti: newJti() };
  const access = await signJwt({ ...claims, user_id: verified.claims.user_id }, ctx.secret);
  // Recorded against its PAT, so revoking the PAT ends it too (verifyAccessToken).
  const expiresAt = formatTimestamp(new Date(claims.exp * 1000));
  insertAccessToken(
    ctx.db,
    { jti: claims.jti, pat: verified.row.id, expires_at: expiresAt },
    formatTimestamp(ctx.clock()),
  );
  return access;
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
export async function rotatePersonalAccessToken(ctx: DomainContext, user: number, refresh: string): Promise<string> {
  const refused = () => new ValidationError({ non_field_errors: ['Invalid refresh token'] });
  const verified = await verifyJwt(refresh, ctx.secret, 'refresh', toUnixSeconds(ctx.clock()));
  if (!verified.ok) throw refused();
  const signed = await signPersonalAccessToken(ctx, user);
  return ctx.db.transaction(() => {
    const issued = checkIssuedHere(ctx, verified.claims);
    if (!issued.ok) throw refused();
    blacklistPersonalAccessToken(ctx.db, issued.row.id, formatTimestamp(ctx.clock()));
    return storePersonalAccessToken(ctx, signed);
  })();
}

/** The user id of a valid access token whose PAT is not revoked, or null (the caller then falls through to other auth). */
export async function verifyAccessToken(ctx: DomainContext, token: string): Promise<number | null> {
  const verified = await verifyJwt(token, ctx.secret, 'access', toUnixSeconds(ctx.clock()));
  return verified.ok && isAccessTokenLive(ctx.db, verified.claims.jti) ? verified.claims.user_id : null;
}

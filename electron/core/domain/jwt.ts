/**
 * The signing and checking are hono's maintained JWT module (`hono/utils/jwt`,
 * HS256 only); this file keeps only what is Label Studio's own: simplejwt's claims, their order
 * and its three failure messages (proved in test/contract/jwtSigning.test.ts).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Jwt } from 'hono/utils/jwt';

/** simplejwt's claims, in its order. */
export interface JwtClaims {
  token_type: 'access' | 'refresh';
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
}

export type JwtFailure = 'Token is invalid' | 'Token is expired' | 'Token has wrong type';

export function newJti(): string {
  return randomUUID().replaceAll('-', '');
}

/** An HS256 token as simplejwt writes it: `{"alg":"HS256","typ":"JWT"}`, then the claims in order. */
export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return Jwt.sign({ ...claims }, secret, 'HS256');
}

function isClaims(value: unknown): value is JwtClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    (claims.token_type === 'access' || claims.token_type === 'refresh') &&
    typeof claims.exp === 'number' &&
    typeof claims.iat === 'number' &&
    typeof claims.jti === 'string' &&
    typeof claims.user_id === 'number'
  );
}

/**
 * Verifies signature (HS256 only, so `alg: none` and other algorithms are refused), expiry and
 * type, with simplejwt's failure messages. Expiry is checked here against `nowSeconds` (the
 * domain's clock), not by hono, which would read the system clock.
 */
export async function verifyJwt(
  token: string,
  secret: string,
  expectedType: JwtClaims['token_type'],
  nowSeconds: number,
): Promise<{ ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure }> {
  let claims: unknown;
  try {
    claims = await Jwt.verify(token, secret, { alg: 'HS256', exp: false, nbf: false, iat: false });
  } catch {
    return { ok: false, reason: 'Token is invalid' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'Token is invalid' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'Token is expired' };
  if (claims.token_type !== expectedType) return { ok: false, reason: 'Token has wrong type' };
  return { ok: true, claims };
}

/** The `header.payload` part Label Studio shows when it lists tokens (the signature is withheld). */
export function withoutSignature(token: string): string {
  return token.split('.').slice(0, 2).join('.');
}

/**
 * The whole token again from its `header.payload` part: HS256's signature is the HMAC of that part
 * under the secret, so the database keeps only the unsigned part (migration 0015).
 */
export function withSignature(unsigned: string, secret: string): string {
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned, 'utf8').digest('base64url')}`;
}

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** simplejwt's claims, in its order. */
export interface JwtClaims {
  token_type: 'access' | 'refresh';
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
}

export type JwtFailure = 'Token is invalid' | 'Token is expired' | 'Token has wrong type';

const HEADER = { alg: 'HS256', typ: 'JWT' };

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function newJti(): string {
  return randomUUID().replaceAll('-', '');
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const unsigned = `${base64url(JSON.stringify(HEADER))}.${base64url(JSON.stringify(claims))}`;
  return `${unsigned}.${sign(unsigned, secret).toString('base64url')}`;
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

/** Verifies signature (in constant time), expiry and type, with simplejwt's failure messages. */
export function verifyJwt(
  token: string,
  secret: string,
  expectedType: JwtClaims['token_type'],
  nowSeconds: number,
): { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure } {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'Token is invalid' };
  const [header, payload, signature] = parts as [string, string, string];
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'Token is invalid' };
  }
  let claims: unknown;
  try {
    const decodedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (decodedHeader.alg !== 'HS256') return { ok: false, reason: 'Token is invalid' };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
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

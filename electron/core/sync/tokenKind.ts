/*
 * Label Studio's SDK tells the two token kinds apart by trying to decode the token as a JWT: one
 * that decodes is a personal access token (refreshed for short-lived Bearer access tokens),
 * anything else is a legacy key sent as `Token <key>`.
 */

export type TokenKind = 'legacy' | 'pat';

function decodeSegment(segment: string): unknown {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(segment)) return null;
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The claims of a JWT, or null when the text is not one (no signature check: the remote checks it). */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[2]) return null;
  const header = decodeSegment(parts[0]!);
  const claims = decodeSegment(parts[1]!);
  if (!isObject(header) || typeof header.alg !== 'string' || !isObject(claims)) return null;
  return claims;
}

export function detectTokenKind(token: string): TokenKind {
  return decodeJwtClaims(token) ? 'pat' : 'legacy';
}

function secondsClaim(claims: Record<string, unknown> | null, name: string): number | null {
  const value = claims?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;
}

/** When an access token expires (its `exp`, in ms since the epoch), or null if it does not say. */
export function accessTokenExpiry(token: string): number | null {
  return secondsClaim(decodeJwtClaims(token), 'exp');
}

/** How long an access token was issued for (`exp - iat`, in ms), or null if it does not say. */
export function accessTokenLifetime(token: string): number | null {
  const claims = decodeJwtClaims(token);
  const exp = secondsClaim(claims, 'exp');
  const iat = secondsClaim(claims, 'iat');
  return exp !== null && iat !== null && exp > iat ? exp - iat : null;
}

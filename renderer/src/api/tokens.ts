import { listedTokenListSchema, tokenAnswerSchema, type ListedAccessToken } from '../../../shared/api/tokens';
import { ApiError, type ApiClient } from './client';

/**
 * The caller's API tokens (docs/label-studio-compatibility.md#authentication-and-tokens): one
 * legacy 40-hex key, and personal access tokens (JWT refresh tokens) that the server lists only
 * truncated to `header.payload`.
 */
export type { ListedAccessToken } from '../../../shared/api/tokens';

export async function fetchLegacyToken(client: ApiClient, signal?: AbortSignal): Promise<string> {
  return (await client.get('/api/current-user/token', { signal, schema: tokenAnswerSchema })).token;
}

/** Replaces the legacy key (201); the old one stops working at once. */
export async function resetLegacyToken(client: ApiClient): Promise<string> {
  return (await client.post('/api/current-user/reset-token/', {}, { schema: tokenAnswerSchema })).token;
}

export function listAccessTokens(client: ApiClient, signal?: AbortSignal): Promise<ListedAccessToken[]> {
  return client.get('/api/token/', { signal, schema: listedTokenListSchema });
}

export type CreatedAccessToken = { kind: 'created'; token: string } | { kind: 'exists'; message: string };

/** A new PAT (shown once), or the server's 409 when the user already has a live one. */
export async function createAccessToken(client: ApiClient): Promise<CreatedAccessToken> {
  try {
    return { kind: 'created', token: (await client.post('/api/token/', {}, { schema: tokenAnswerSchema })).token };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'exists', message: error.message };
    throw error;
  }
}

/** Blacklists a PAT; the truncated `header.payload` form the list gives is accepted (204). */
export async function revokeAccessToken(client: ApiClient, token: string): Promise<void> {
  await client.post<unknown>('/api/token/blacklist/', { refresh: token });
}

/** The readable claims of a PAT (`header.payload[.signature]`), or null when it does not decode. */
export interface AccessTokenClaims {
  jti: string | null;
  issuedAt: Date | null;
  expiresAt: Date | null;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return new TextDecoder().decode(Uint8Array.from(atob(padded), (char) => char.charCodeAt(0)));
}

function dateOf(seconds: unknown): Date | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

export function readTokenClaims(token: string): AccessTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as Record<string, unknown>;
    return {
      jti: typeof claims.jti === 'string' ? claims.jti : null,
      issuedAt: dateOf(claims.iat),
      expiresAt: dateOf(claims.exp),
    };
  } catch {
    return null;
  }
}

/** A secret for display: its first and last characters, the rest hidden. */
export function maskSecret(secret: string, visible = 4): string {
  if (secret.length <= visible * 2) return '•'.repeat(secret.length);
  return `${secret.slice(0, visible)}${'•'.repeat(Math.min(24, secret.length - visible * 2))}${secret.slice(-visible)}`;
}

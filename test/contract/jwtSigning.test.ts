import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertAccessToken } from '../../electron/core/db/repos/tokensRepo.js';
import { signJwt, verifyJwt, type JwtClaims } from '../../electron/core/domain/jwt.js';
import { createTestApp } from '../helpers/testApp.js';

const SECRET = 'a-signing-secret';
const NOW = 1_768_471_200;

/** A token made without the code under test: base64url JSON parts and an HMAC-SHA256 from node:crypto. */
function handSigned(header: object, claims: object, secret = SECRET): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part(header)}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

function claims(overrides: Partial<JwtClaims> = {}): JwtClaims {
  return { token_type: 'access', exp: NOW + 300, iat: NOW, jti: 'f'.repeat(32), user_id: 1, ...overrides };
}

const HS256 = { alg: 'HS256', typ: 'JWT' };

describe("JWTs as simplejwt writes them (hono's HS256 sign and verify)", () => {
  it('signs byte for byte what a hand-computed HMAC gives, and verifies such a token', async () => {
    expect(await signJwt(claims(), SECRET)).toBe(handSigned(HS256, claims()));
    expect(await verifyJwt(handSigned(HS256, claims()), SECRET, 'access', NOW)).toEqual({ ok: true, claims: claims() });
  });

  it('refuses a tampered signature or payload, another secret, an expired token, the wrong type', async () => {
    const token = handSigned(HS256, claims());
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}${signature.slice(-1)}`;
    const elevated = Buffer.from(JSON.stringify(claims({ user_id: 2 }))).toString('base64url');
    for (const tampered of [`${header}.${payload}.${flipped}`, `${header}.${elevated}.${signature}`]) {
      expect(await verifyJwt(tampered, SECRET, 'access', NOW)).toEqual({ ok: false, reason: 'Token is invalid' });
    }
    expect(await verifyJwt(token, 'another-secret', 'access', NOW)).toEqual({ ok: false, reason: 'Token is invalid' });
    expect(await verifyJwt(token, SECRET, 'access', NOW + 300)).toEqual({ ok: false, reason: 'Token is expired' });
    expect(await verifyJwt(token, SECRET, 'refresh', NOW)).toEqual({ ok: false, reason: 'Token has wrong type' });
  });

  it('refuses alg none (unsigned or signed anyway) and any algorithm but HS256', async () => {
    const payload = Buffer.from(JSON.stringify(claims())).toString('base64url');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const token of [
      unsigned,
      handSigned({ alg: 'none', typ: 'JWT' }, claims()),
      handSigned({ alg: 'HS512', typ: 'JWT' }, claims()),
      handSigned({ typ: 'JWT' }, claims()),
    ]) {
      expect(await verifyJwt(token, SECRET, 'access', NOW)).toEqual({ ok: false, reason: 'Token is invalid' });
    }
  });

  it('lets a hand-signed access token with the app secret through (once minted here), and not one signed with another', async () => {
    const t = await createTestApp();
    const now = Math.floor(t.clock().getTime() / 1000);
    const access = claims({ exp: now + 300, iat: now, user_id: t.userId });
    // An access token counts only as one minted here from a live PAT (test/security/revokedTokens.test.ts).
    const pat = t.db.prepare('SELECT id FROM personal_access_tokens').get() as { id: number };
    insertAccessToken(t.db, { jti: access.jti, pat: pat.id, expires_at: '2100-01-01T00:00:00.000000Z' }, '');
    const good = await t.request('/api/current-user/whoami', {
      headers: { Authorization: `Bearer ${handSigned(HS256, access, t.ctx.secret)}` },
    });
    expect(good.status).toBe(200);
    expect(((await good.json()) as { id: number }).id).toBe(t.userId);
    const foreign = await t.request('/api/current-user/whoami', {
      headers: { Authorization: `Bearer ${handSigned(HS256, access, 'not-the-secret')}` },
    });
    expect(foreign.status).toBe(401);
  });
});

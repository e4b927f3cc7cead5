import { describe, expect, it } from 'vitest';
import { signJwt } from '../../electron/core/domain/jwt.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

const WHOAMI = '/api/current-user/whoami';
const NOT_PROVIDED = 'Authentication credentials were not provided.';

async function accessTokenFor(t: TestApp): Promise<string> {
  const response = await t.postJson('/api/token/refresh/', { refresh: t.pat });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

describe('authentication: token kinds, missing and invalid credentials', () => {
  it('refuses a request without credentials with the envelope and WWW-Authenticate: Token', async () => {
    const t = await createTestApp();
    const response = await t.request(WHOAMI);
    expect(response.headers.get('www-authenticate')).toBe('Token');
    await expectEnvelope(response, 401, NOT_PROVIDED);
  });

  it('accepts the legacy key as Authorization: Token and as X-Api-Key', async () => {
    const t = await createTestApp();
    const headerSets: Record<string, string>[] = [
      { Authorization: `Token ${TEST_TOKEN}` },
      { 'X-Api-Key': TEST_TOKEN },
    ];
    for (const headers of headerSets) {
      const response = await t.request(WHOAMI, { headers });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { id: number }).id).toBe(t.userId);
    }
  });

  it('gives DRF token messages for a wrong key and malformed Token headers', async () => {
    const t = await createTestApp();
    const wrong = 'f'.repeat(40);
    await expectEnvelope(
      await t.request(WHOAMI, { headers: { Authorization: `Token ${wrong}` } }),
      401,
      'Invalid token.',
    );
    await expectEnvelope(await t.request(WHOAMI, { headers: { 'X-Api-Key': wrong } }), 401, 'Invalid token.');
    await expectEnvelope(
      await t.request(WHOAMI, { headers: { Authorization: 'Token' } }),
      401,
      'Invalid token header. No credentials provided.',
    );
    await expectEnvelope(
      await t.request(WHOAMI, { headers: { Authorization: `Token ${TEST_TOKEN} extra` } }),
      401,
      'Invalid token header. Token string should not contain spaces.',
    );
  });

  it('accepts a Bearer access token from the refresh flow until it expires after 5 minutes', async () => {
    const t = await createTestApp();
    const access = await accessTokenFor(t);
    expect((await t.request(WHOAMI, { headers: { Authorization: `Bearer ${access}` } })).status).toBe(200);
    t.advanceSeconds(299);
    expect((await t.request(WHOAMI, { headers: { Authorization: `Bearer ${access}` } })).status).toBe(200);
    t.advanceSeconds(2);
    // An expired or invalid JWT is ignored by Label Studio's middleware, hence "not provided".
    await expectEnvelope(
      await t.request(WHOAMI, { headers: { Authorization: `Bearer ${access}` } }),
      401,
      NOT_PROVIDED,
    );
  });

  it('ignores tampered, foreign-signed and wrong-type Bearer tokens', async () => {
    const t = await createTestApp();
    const access = await accessTokenFor(t);
    const [header, payload, signature] = access.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const elevated = Buffer.from(JSON.stringify({ ...claims, user_id: 2 })).toString('base64url');
    const now = Math.floor(t.clock().getTime() / 1000);
    const foreign = await signJwt(
      { token_type: 'access', exp: now + 300, iat: now, jti: 'x', user_id: t.userId },
      'other',
    );
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const token of [`${header}.${elevated}.${signature}`, foreign, noneAlg, t.pat, TEST_TOKEN, 'garbage']) {
      await expectEnvelope(
        await t.request(WHOAMI, { headers: { Authorization: `Bearer ${token}` } }),
        401,
        NOT_PROVIDED,
      );
    }
  });

  it('answers "User not found" without the envelope when a valid JWT names a deleted user', async () => {
    const t = await createTestApp();
    const access = await accessTokenFor(t);
    t.db.pragma('foreign_keys = OFF');
    t.db.prepare('DELETE FROM users WHERE id = ?').run(t.userId);
    const response = await t.request(WHOAMI, { headers: { Authorization: `Bearer ${access}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'User not found' });
  });

  it('never reads tokens from the query string', async () => {
    const t = await createTestApp();
    for (const query of [`token=${TEST_TOKEN}`, `access_token=${TEST_TOKEN}`, `api_key=${TEST_TOKEN}`]) {
      await expectEnvelope(await t.request(`${WHOAMI}?${query}`), 401, NOT_PROVIDED);
    }
  });

  it('honours the organization JWT settings for both token kinds', async () => {
    const t = await createTestApp();
    const access = await accessTokenFor(t);
    const off = await t.withToken('/api/jwt/settings', {
      method: 'POST',
      body: JSON.stringify({ api_tokens_enabled: false }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await off.json()).toEqual({ api_tokens_enabled: false, legacy_api_tokens_enabled: true });
    await expectEnvelope(
      await t.request(WHOAMI, { headers: { Authorization: `Bearer ${access}` } }),
      401,
      NOT_PROVIDED,
    );

    await t.withToken('/api/jwt/settings', {
      method: 'POST',
      body: JSON.stringify({ api_tokens_enabled: true, legacy_api_tokens_enabled: false }),
      headers: { 'Content-Type': 'application/json' },
    });
    await expectEnvelope(
      await t.withToken(WHOAMI),
      401,
      'Authentication token no longer valid: legacy token authentication has been disabled for this organization',
    );
    expect((await t.request(WHOAMI, { headers: { Authorization: `Bearer ${access}` } })).status).toBe(200);
  });
});

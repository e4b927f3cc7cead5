import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

const NOT_PROVIDED = 'Authentication credentials were not provided.';

async function accessFrom(t: TestApp, refresh: string): Promise<string> {
  const response = await t.postJson('/api/token/refresh/', { refresh });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

function whoamiWith(t: TestApp, headers: Record<string, string>) {
  return t.request('/api/current-user/whoami', { headers });
}

describe('revoked tokens stop working at once', () => {
  it('a blacklisted PAT no longer refreshes, and the access tokens minted from it are refused', async () => {
    const t = await createTestApp();
    const before = await accessFrom(t, t.pat);
    t.advanceSeconds(30);
    const later = await accessFrom(t, t.pat);
    for (const access of [before, later]) {
      expect((await whoamiWith(t, { Authorization: `Bearer ${access}` })).status).toBe(200);
    }
    t.advanceSeconds(1);
    expect((await t.postJson('/api/token/blacklist/', { refresh: t.pat })).status).toBe(204);

    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: t.pat }), 401, 'Token is blacklisted');
    for (const access of [before, later]) {
      await expectEnvelope(await whoamiWith(t, { Authorization: `Bearer ${access}` }), 401, NOT_PROVIDED);
    }
    // A new PAT, made at the same second, works with its own access tokens.
    const created = await t.withToken('/api/token/', { method: 'POST' });
    const { token } = (await created.json()) as { token: string };
    const fresh = await accessFrom(t, token);
    expect((await whoamiWith(t, { Authorization: `Bearer ${fresh}` })).status).toBe(200);
    await expectEnvelope(await whoamiWith(t, { Authorization: `Bearer ${later}` }), 401, NOT_PROVIDED);
  });

  it('rotation ends the old PAT and its access tokens, and only those', async () => {
    const t = await createTestApp();
    const old = await accessFrom(t, t.pat);
    const rotated = await t.withToken('/api/token/rotate/', {
      method: 'POST',
      body: JSON.stringify({ refresh: t.pat }),
      headers: { 'Content-Type': 'application/json' },
    });
    const { refresh } = (await rotated.json()) as { refresh: string };
    const fresh = await accessFrom(t, refresh);
    await expectEnvelope(await whoamiWith(t, { Authorization: `Bearer ${old}` }), 401, NOT_PROVIDED);
    expect((await whoamiWith(t, { Authorization: `Bearer ${fresh}` })).status).toBe(200);
  });

  it('a reset legacy token is refused in every header that carried it; the new one works', async () => {
    const t = await createTestApp();
    const reset = await t.withToken('/api/current-user/reset-token/', { method: 'POST' });
    const { token } = (await reset.json()) as { token: string };
    await expectEnvelope(await whoamiWith(t, { Authorization: `Token ${TEST_TOKEN}` }), 401, 'Invalid token.');
    await expectEnvelope(await whoamiWith(t, { 'X-Api-Key': TEST_TOKEN }), 401, 'Invalid token.');
    expect((await whoamiWith(t, { Authorization: `Token ${token}` })).status).toBe(200);
    expect((await whoamiWith(t, { 'X-Api-Key': token })).status).toBe(200);
  });
});

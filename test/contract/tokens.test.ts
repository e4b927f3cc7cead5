import { describe, expect, it } from 'vitest';
import { fetchLegacyToken, listAccessTokens } from '../../renderer/src/api/tokens.js';
import { listedTokenListSchema, tokenAnswerSchema } from '../../shared/api/tokens.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp, decodeJwtPayload, TEST_TOKEN } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };

describe('token endpoints', () => {
  it('exchanges the PAT for a 5-minute access JWT with simplejwt claims', async () => {
    const t = await createTestApp();
    const pat = decodeJwtPayload(t.pat);
    expect(Object.keys(pat)).toEqual(['token_type', 'exp', 'iat', 'jti', 'user_id']);
    expect(pat).toMatchObject({ token_type: 'refresh', user_id: t.userId });
    expect((pat.exp as number) - (pat.iat as number)).toBe(200 * 365 * 24 * 3600);

    const response = await t.postJson('/api/token/refresh/', { refresh: t.pat });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access: string };
    expect(Object.keys(body)).toEqual(['access']);
    const access = decodeJwtPayload(body.access);
    expect(access).toMatchObject({ token_type: 'access', user_id: t.userId });
    expect((access.exp as number) - (access.iat as number)).toBe(300);
  });

  it('refuses bad refresh tokens with simplejwt messages in the envelope', async () => {
    const t = await createTestApp();
    const access = ((await (await t.postJson('/api/token/refresh', { refresh: t.pat })).json()) as { access: string })
      .access;
    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: access }), 401, 'Token has wrong type');
    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: `${t.pat}x` }), 401, 'Token is invalid');
    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: 'not.a.jwt' }), 401, 'Token is invalid');
    await expectEnvelope(await t.postJson('/api/token/refresh/', {}), 400, 'Validation error', {
      refresh: ['This field is required.'],
    });
    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: null }), 400, 'Validation error', {
      refresh: ['This field may not be null.'],
    });
    t.advanceSeconds(201 * 365 * 24 * 3600);
    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: t.pat }), 401, 'Token is expired');
  });

  it('lists live PATs without their signature and refuses a second one with 409', async () => {
    const t = await createTestApp();
    const list = await t.withToken('/api/token/');
    expect(list.status).toBe(200);
    const listed = listedTokenListSchema.parse(await list.json());
    expect(listed).toEqual([{ token: t.pat.split('.').slice(0, 2).join('.') }]);
    expect(await listAccessTokens(rendererClient(t))).toEqual(listed);
    await expectEnvelope(
      await t.withToken('/api/token/', { method: 'POST' }),
      409,
      'You already have a valid token. Please revoke it before creating a new one.',
    );
  });

  it('blacklists a PAT given in its truncated form; it then stops refreshing, and a new one can be made', async () => {
    const t = await createTestApp();
    const truncated = t.pat.split('.').slice(0, 2).join('.');
    const revoked = await t.postJson('/api/token/blacklist/', { refresh: truncated });
    expect(revoked.status).toBe(204);
    expect(await revoked.text()).toBe('');
    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: t.pat }), 401, 'Token is blacklisted');

    const again = await t.postJson('/api/token/blacklist', { refresh: t.pat });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ detail: 'Token is invalid or already blacklisted.' });
    expect(await (await t.withToken('/api/token')).json()).toEqual([]);

    const created = await t.withToken('/api/token/', { method: 'POST' });
    expect(created.status).toBe(201);
    const { token } = tokenAnswerSchema.parse(await created.json());
    expect(token.split('.')).toHaveLength(3);
    expect((await t.postJson('/api/token/refresh/', { refresh: token })).status).toBe(200);
  });

  it('rotates a PAT: the old one is blacklisted, the new one works', async () => {
    const t = await createTestApp();
    const rotated = await t.withToken('/api/token/rotate/', {
      method: 'POST',
      body: JSON.stringify({ refresh: t.pat }),
      headers: json,
    });
    expect(rotated.status).toBe(200);
    const { refresh } = (await rotated.json()) as { refresh: string };
    expect(refresh).not.toBe(t.pat);
    expect((await t.postJson('/api/token/refresh/', { refresh })).status).toBe(200);
    await expectEnvelope(await t.postJson('/api/token/refresh/', { refresh: t.pat }), 401, 'Token is blacklisted');
    await expectEnvelope(
      await t.withToken('/api/token/rotate', {
        method: 'POST',
        body: JSON.stringify({ refresh: t.pat }),
        headers: json,
      }),
      400,
      'Validation error',
      { non_field_errors: ['Invalid refresh token'] },
    );
    await expectEnvelope(
      await t.request('/api/token/rotate/', { method: 'POST', body: JSON.stringify({ refresh }), headers: json }),
      401,
      'Authentication credentials were not provided.',
    );
  });

  it('shows and resets the legacy token; the old key stops working at once', async () => {
    const t = await createTestApp();
    expect(tokenAnswerSchema.parse(await (await t.withToken('/api/current-user/token')).json())).toEqual({
      token: TEST_TOKEN,
    });
    expect(await fetchLegacyToken(rendererClient(t))).toBe(TEST_TOKEN);
    const reset = await t.withToken('/api/current-user/reset-token/', { method: 'POST' });
    expect(reset.status).toBe(201);
    const { token } = tokenAnswerSchema.parse(await reset.json());
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect(token).not.toBe(TEST_TOKEN);
    await expectEnvelope(await t.withToken('/api/current-user/whoami'), 401, 'Invalid token.');
    const whoami = await t.request('/api/current-user/whoami', { headers: { Authorization: `Token ${token}` } });
    expect(whoami.status).toBe(200);
  });

  it('returns whoami with exactly the fields of CE 1.22', async () => {
    const t = await createTestApp();
    const body = (await (await t.withToken('/api/current-user/whoami')).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'first_name',
        'last_name',
        'username',
        'email',
        'last_activity',
        'custom_hotkeys',
        'avatar',
        'initials',
        'phone',
        'active_organization',
        'active_organization_meta',
        'allow_newsletters',
        'date_joined',
        'permissions',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: t.userId,
      email: 'annotator@outpost.local',
      avatar: null,
      custom_hotkeys: {},
      active_organization: 1,
      active_organization_meta: { email: 'annotator@outpost.local' },
    });
    expect(body.date_joined).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(body.permissions).toEqual(expect.arrayContaining(['projects.view', 'projects.create']));
  });
});

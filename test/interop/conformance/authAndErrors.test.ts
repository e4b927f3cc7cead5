import { describe, expect, it } from 'vitest';
import { useBoth } from '../differential/both.js';
import type { Side } from '../differential/targets.js';

/* Tokens, users, version, the error envelope and HTTP conventions, against the real Label Studio. */
describe('authentication and errors, Outpost against Label Studio', () => {
  const both = useBoth();
  const access: Partial<Record<Side, string>> = {};

  const refresh = (refreshToken: (side: Side) => string) =>
    both.send('POST', '/api/token/refresh/', (side) => ({ json: { refresh: refreshToken(side) }, auth: 'none' }));

  it('answers whoami and the legacy token for each way of sending credentials', async () => {
    await both.expectSame('whoami with Token', 'GET', '/api/current-user/whoami');
    await both.expectSame('whoami with X-Api-Key', 'GET', '/api/current-user/whoami', (side) => ({
      auth: 'none',
      headers: { 'X-Api-Key': both.targets[side].token },
    }));
    await both.expectSame('the legacy token', 'GET', '/api/current-user/token');
    await both.expectSame('token settings', 'GET', '/api/jwt/settings');
  });

  it('trades a personal access token for an access token that works as Bearer', async () => {
    const replies = await refresh((side) => both.targets[side].pat);
    for (const side of ['ls', 'outpost'] as const) {
      expect(replies[side].status).toBe(200);
      access[side] = (replies[side].body as { access: string }).access;
    }
    await both.expectSame('whoami with Bearer', 'GET', '/api/current-user/whoami', (side) => ({
      auth: `Bearer ${access[side]}`,
    }));
    await both.expectSame('the list of PATs', 'GET', '/api/token/', {}, { known: ['pat-truncated-token'] });
    await both.expectSame('a second PAT while one is live', 'POST', '/api/token/', { json: {} });
  });

  it('refuses bad refresh requests as Label Studio does', async () => {
    await both.expectSame('refresh without a token', 'POST', '/api/token/refresh/', { json: {}, auth: 'none' });
    await both.expectSame('refresh with garbage', 'POST', '/api/token/refresh/', {
      json: { refresh: 'not-a-token' },
      auth: 'none',
    });
    await both.expectSame('refresh with an access token', 'POST', '/api/token/refresh/', (side) => ({
      json: { refresh: access[side] },
      auth: 'none',
    }));
    await both.expectSame('blacklist of garbage', 'POST', '/api/token/blacklist/', {
      json: { refresh: 'not-a-token' },
      auth: 'none',
    });
  });

  it('refuses missing and wrong credentials', async () => {
    await both.expectSame('no credentials', 'GET', '/api/projects/', { auth: 'none' });
    await both.expectSame('wrong token', 'GET', '/api/projects/', { auth: `Token ${'0'.repeat(40)}` });
    await both.expectSame('a bad Bearer', 'GET', '/api/projects/', { auth: 'Bearer not.a.jwt' });
    await both.expectSame('a PAT sent as Bearer', 'GET', '/api/current-user/whoami', (side) => ({
      auth: `Bearer ${both.targets[side].pat}`,
    }));
  });

  it('answers 404, 405 and 415 in the envelope, and routes with or without the trailing slash', async () => {
    await both.expectSame('unknown project', 'GET', '/api/projects/999999/');
    await both.expectSame('PUT on the list', 'PUT', '/api/projects/', { json: {} });
    await both.expectSame('DELETE on the list', 'DELETE', '/api/projects/');
    await both.expectSame('text/plain', 'POST', '/api/projects/', {
      body: 'x',
      headers: { 'Content-Type': 'text/plain' },
    });
    await both.expectSame(
      'a slash on a slashless route',
      'GET',
      '/api/current-user/whoami/',
      {},
      {
        known: ['slash-on-slashless-route'],
      },
    );
    await both.expectSame('no slash on a slashed route', 'GET', '/api/projects?page_size=1&ids=0');
    const unknown = await both.send('GET', '/api/no-such-thing/');
    expect(unknown.outpost.status).toBe(unknown.ls.status);
    expect(unknown.outpost.contentType.split(';')[0]).toBe(unknown.ls.contentType.split(';')[0]);
  });

  it('answers /health, and /api/version in the same shape without credentials', async () => {
    await both.expectSame('health', 'GET', '/health', { auth: 'none' });
    const version = await both.send('GET', '/api/version', { auth: 'none' });
    const shape = (value: unknown): unknown =>
      value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]))
        : value === null
          ? 'string'
          : typeof value;
    // The blocks every server gives; the others (frontend, dm2, lsf, backend) appear only where
    // Label Studio finds their build info: Outpost has no Label Studio frontend build to describe.
    const pick = (body: unknown) =>
      Object.fromEntries(
        ['release', 'label-studio-os-package', 'label-studio-os-backend', 'label-studio-converter', 'edition'].map(
          (key) => [key, shape((body as Record<string, unknown>)[key])],
        ),
      );
    expect(version.outpost.status).toBe(200);
    expect(pick(version.outpost.body)).toEqual(pick(version.ls.body));
    expect((version.outpost.body as { release: string }).release).toBe('1.22.0');
  });
});

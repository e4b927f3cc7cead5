import { describe, expect, it } from 'vitest';
import { signIn } from '../helpers/browserSignIn.js';
import { createTestApp } from '../helpers/testApp.js';

const FOREIGN = 'http://evil.example';

/** Every header by which a server grants another origin access. */
function corsGrants(response: Response): Record<string, string> {
  const grants: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith('access-control-')) grants[name] = value;
  });
  return grants;
}

describe('CORS: no other origin may read or write', () => {
  it('sends no CORS grant to other origins, not even on preflight', async () => {
    const t = await createTestApp();
    const simple = await t.request('/api/version', { headers: { Origin: FOREIGN } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.request('/api/current-user/whoami/', {
      method: 'OPTIONS',
      headers: { Origin: FOREIGN, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('grants nothing, and never a wildcard, on any kind of response, with a token or a session', async () => {
    const t = await createTestApp();
    const { cookie } = await signIn(t);
    const paths = [
      '/health',
      '/api/version',
      '/api/projects',
      '/api/current-user/whoami',
      '/data/upload/1/a.txt',
      '/x',
    ];
    for (const path of paths) {
      const variants: Record<string, string>[] = [
        { Origin: FOREIGN },
        { Origin: 'null' },
        { Origin: FOREIGN, Cookie: cookie },
      ];
      for (const headers of variants) {
        const read = await t.withToken(path, { headers });
        expect(corsGrants(read), path).toEqual({});
      }
    }
  });

  it('refuses every preflight a foreign page would send before a write', async () => {
    const t = await createTestApp();
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      for (const path of ['/api/projects', '/api/projects/1', '/api/token/refresh', '/api/projects/1/import']) {
        const preflight = await t.request(path, {
          method: 'OPTIONS',
          headers: {
            Origin: FOREIGN,
            'Access-Control-Request-Method': method,
            'Access-Control-Request-Headers': 'authorization, content-type, x-csrftoken',
          },
        });
        expect(corsGrants(preflight), `${method} ${path}`).toEqual({});
      }
    }
  });
});

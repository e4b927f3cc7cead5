import { describe, it } from 'vitest';
import { useBoth } from '../differential/both.js';

/* Tokens, the error envelope and HTTP conventions, against the real Label Studio. */
describe('authentication and errors, Outpost against Label Studio', () => {
  const both = useBoth();

  it('answers whoami for the legacy token', async () => {
    await both.expectSame('whoami', 'GET', '/api/current-user/whoami');
  });

  it('refuses a request without credentials, and a wrong legacy token', async () => {
    await both.expectSame('no credentials', 'GET', '/api/projects/', { auth: 'none' });
    await both.expectSame('wrong token', 'GET', '/api/projects/', { auth: `Token ${'0'.repeat(40)}` });
  });

  it('answers 404 for an unknown project, 405 for a method a route lacks, 415 for text/plain', async () => {
    await both.expectSame('unknown project', 'GET', '/api/projects/999999/');
    await both.expectSame('PUT on the list', 'PUT', '/api/projects/', { json: {} });
    await both.expectSame('text/plain', 'POST', '/api/projects/', {
      body: 'x',
      headers: { 'Content-Type': 'text/plain' },
    });
  });
});

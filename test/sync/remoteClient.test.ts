import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient, type FetchLike } from '../../electron/core/sync/remoteClient.js';
import { RemoteError } from '../../electron/core/sync/remoteError.js';
import { withRetry } from '../../electron/core/sync/retry.js';
import { detectTokenKind } from '../../electron/core/sync/tokenKind.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';
import { waitUntil } from '../helpers/eventually.js';

/** A second Outpost as the remote, its access tokens lasting 2 s so expiry happens during a test. */
describe('the remote client against another Outpost', () => {
  let dataDir: string;
  let remote: SpawnedCli;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
    remote = await spawnCli(['serve', '--data', dataDir, '--port', '0', '--access-token-lifetime', '2']);
  });

  afterAll(async () => {
    await remote?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Records each request's method and path, then sends it for real. */
  function recording(): { fetch: FetchLike; calls: string[] } {
    const calls: string[] = [];
    return {
      calls,
      fetch: (input, init) => {
        calls.push(`${init.method} ${new URL(input).pathname}`);
        return fetch(input, init);
      },
    };
  }

  it('tells the token kinds apart as the SDK does', () => {
    expect(detectTokenKind(remote.token)).toBe('legacy');
    expect(detectTokenKind(remote.pat)).toBe('pat');
    expect(detectTokenKind('a.b.c')).toBe('legacy');
    expect(detectTokenKind('')).toBe('legacy');
  });

  it('connects with the legacy token: version and whoami', async () => {
    const client = createRemoteClient({ url: `${remote.url}/`, token: remote.token });
    expect(client.tokenKind).toBe('legacy');
    expect((await client.version()).release).toBe('1.22.0');
    const me = await client.whoami();
    expect(me.id).toBeGreaterThan(0);
    expect(me.email).toContain('@');
    expect(client.url).toBe(remote.url);
  });

  it('exchanges a PAT once, reuses the access token, and refreshes it before it expires', async () => {
    let clock = Date.now();
    const { fetch, calls } = recording();
    // The remote grants 2 s; a margin of 0.5 s keeps the token in use for the next calls.
    const client = createRemoteClient({
      url: remote.url,
      token: remote.pat,
      fetch,
      now: () => clock,
      refreshMarginMs: 500,
    });
    expect(client.tokenKind).toBe('pat');
    await client.whoami();
    await client.request('GET', '/api/projects/');
    expect(calls).toEqual(['POST /api/token/refresh/', 'GET /api/current-user/whoami', 'GET /api/projects/']);
    clock += 10 * 60_000;
    await client.whoami();
    expect(calls.filter((call) => call === 'POST /api/token/refresh/')).toHaveLength(2);
  });

  it('refreshes once on a 401 when the remote has let the access token expire', async () => {
    const { fetch: recorded, calls } = recording();
    // The access token the client last sent, to ask the remote (outside the recording) when it expires.
    let sentAuthorization = '';
    const fetch: FetchLike = (input, init) => {
      sentAuthorization = new Headers(init.headers).get('Authorization') ?? sentAuthorization;
      return recorded(input, init);
    };
    // A clock that never moves: the client believes its token is fresh; only the remote knows better.
    const frozen = Date.now();
    const client = createRemoteClient({
      url: remote.url,
      token: remote.pat,
      fetch,
      now: () => frozen,
      refreshMarginMs: 0,
    });
    await client.whoami();
    await waitUntil(
      async () =>
        (
          await globalThis.fetch(`${remote.url}/api/current-user/whoami`, {
            headers: { Authorization: sentAuthorization },
          })
        ).status === 401,
      'the remote to let the access token expire',
    );
    const me = await client.whoami();
    expect(me.id).toBeGreaterThan(0);
    expect(calls).toEqual([
      'POST /api/token/refresh/',
      'GET /api/current-user/whoami',
      'GET /api/current-user/whoami',
      'POST /api/token/refresh/',
      'GET /api/current-user/whoami',
    ]);
  });

  it('reports refused tokens and missing things as non-retryable errors with the remote’s words', async () => {
    const wrong = createRemoteClient({ url: remote.url, token: 'f'.repeat(40) });
    const refused = await wrong.whoami().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RemoteError);
    expect((refused as RemoteError).status).toBe(401);
    expect((refused as RemoteError).retryable).toBe(false);

    const client = createRemoteClient({ url: remote.url, token: remote.token });
    const missing = await client.request('GET', '/api/projects/999999/').catch((error: unknown) => error);
    expect((missing as RemoteError).status).toBe(404);
    expect((missing as RemoteError).message).toContain('GET /api/projects/999999/: 404');
  });

  it('reports an unreachable remote as status 0, retryable', async () => {
    const client = createRemoteClient({ url: 'http://127.0.0.1:9', token: remote.token });
    const error = (await client.version().catch((caught: unknown) => caught)) as RemoteError;
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.status).toBe(0);
    expect(error.retryable).toBe(true);
  });
});

describe('withRetry over a flaky server', () => {
  let server: Server;
  let url: string;
  const script: { status: number; headers?: Record<string, string> }[] = [];
  let served = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      const next = script.shift() ?? { status: 200 };
      served += 1;
      response.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers });
      response.end(next.status === 200 ? '{"release": "1.22.0"}' : '{"detail": "try later"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('retries 500, 502 and 429 (honouring Retry-After), then succeeds', async () => {
    served = 0;
    script.push({ status: 500 }, { status: 502 }, { status: 429, headers: { 'Retry-After': '0' } });
    const pauses: number[] = [];
    const client = createRemoteClient({ url, token: 'k'.repeat(40) });
    const version = await withRetry(() => client.version(), {
      baseDelayMs: 1,
      onRetry: (_error, _attempt, delay) => pauses.push(delay),
    });
    expect(version.release).toBe('1.22.0');
    expect(served).toBe(4);
    expect(pauses).toHaveLength(3);
    expect(pauses[2]).toBe(0);
  });

  it('gives up after the last attempt, and never retries a 400', async () => {
    served = 0;
    script.push({ status: 503 }, { status: 503 }, { status: 503 });
    const client = createRemoteClient({ url, token: 'k'.repeat(40) });
    await expect(withRetry(() => client.version(), { attempts: 3, baseDelayMs: 1 })).rejects.toMatchObject({
      status: 503,
    });
    expect(served).toBe(3);

    served = 0;
    script.push({ status: 400 });
    await expect(withRetry(() => client.version(), { baseDelayMs: 1 })).rejects.toMatchObject({ status: 400 });
    expect(served).toBe(1);
  });
});

describe('the refresh margin of an access token', () => {
  /** A fake remote: its refresh answer is a JWT issued at the client's clock for `lifetime` seconds. */
  function remoteGranting(lifetime: number, now: () => number) {
    const calls: string[] = [];
    const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const fetch: FetchLike = async (input, init) => {
      const path = new URL(input).pathname;
      calls.push(`${init.method} ${path}`);
      if (path === '/api/token/refresh/') {
        const iat = Math.floor(now() / 1000);
        const access = `${base64({ alg: 'HS256' })}.${base64({ token_type: 'access', iat, exp: iat + lifetime })}.sig`;
        return Response.json({ access });
      }
      return Response.json({ id: 1, email: 'me@example.com' });
    };
    return { fetch, refreshes: () => calls.filter((call) => call === 'POST /api/token/refresh/').length };
  }
  const pat = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"token_type":"refresh","exp":9999999999}').toString('base64url')}.sig`;

  it('is 60 s for tokens of a few minutes', async () => {
    let clock = 1_000_000_000_000;
    const remote = remoteGranting(300, () => clock);
    const client = createRemoteClient({ url: 'http://remote.test', token: pat, fetch: remote.fetch, now: () => clock });
    await client.whoami();
    clock += 239_000;
    await client.whoami();
    expect(remote.refreshes()).toBe(1);
    clock += 2_000;
    await client.whoami();
    expect(remote.refreshes()).toBe(2);
  });

  it('is a fifth of the lifetime for short-lived tokens, so each is used for most of its life', async () => {
    let clock = 1_000_000_000_000;
    const remote = remoteGranting(10, () => clock);
    const client = createRemoteClient({ url: 'http://remote.test', token: pat, fetch: remote.fetch, now: () => clock });
    await client.whoami();
    // A 60 s margin would refresh before every call; 2 s of margin keeps it for 8 s.
    clock += 7_900;
    await client.whoami();
    expect(remote.refreshes()).toBe(1);
    clock += 200;
    await client.whoami();
    expect(remote.refreshes()).toBe(2);
  });
});

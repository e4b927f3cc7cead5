import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as checkUrlAddress from '../../electron/core/importers/checkUrlAddress.js';
import { isBlockedAddress } from '../../electron/core/importers/checkUrlAddress.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * The policy (README, importers/checkUrlAddress.ts): an import URL may not reach this machine,
 * private or link-local networks, by address, by a name resolving there, or by a redirect, unless
 * the server was started to allow it. Only loopback servers of this test are ever contacted.
 * `public.test` stands for a public web server: the check is told it resolves to a public address,
 * and the connection goes to our loopback server, so a redirect from "outside" can be tested.
 */
const PUBLIC_STAND_IN = 'public.test';
vi.mock('../../electron/core/importers/checkUrlAddress.js', async (importOriginal) => {
  const real = await importOriginal<typeof checkUrlAddress>();
  return {
    ...real,
    resolveImportUrl: (url: URL, allowPrivate: boolean) =>
      url.hostname === PUBLIC_STAND_IN
        ? Promise.resolve({ address: '127.0.0.1', family: 4 })
        : real.resolveImportUrl(url, allowPrivate),
  };
});

const INVALID_URL =
  'The provided URL was not valid. URLs must begin with http:// or https://, and cannot be local IPs.';

let server: Server;
let port = 0;
let requests: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) res.writeHead(302, { Location: to }).end();
    else res.writeHead(200, { 'Content-Type': 'text/csv' }).end('text\nsecret from inside\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

async function importUrl(t: TestApp, url: string) {
  const created = await t.withToken('/api/projects/', {
    method: 'POST',
    body: JSON.stringify({ label_config: '<View><Text name="text" value="$text"/></View>' }),
    headers: { 'Content-Type': 'application/json' },
  });
  const project = ((await created.json()) as { id: number }).id;
  return t.withToken(`/api/projects/${project}/import`, {
    method: 'POST',
    body: new URLSearchParams({ url }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}

async function expectRefused(t: TestApp, url: string) {
  await expectEnvelope(await importUrl(t, url), 400, 'Validation error', { non_field_errors: [INVALID_URL] });
}

describe('SSRF through the import url=', () => {
  it('refuses loopback, private and link-local addresses unless allowed', async () => {
    const t = await createTestApp();
    for (const url of [
      `http://127.0.0.1:${port}/tasks.csv`,
      'http://localhost:9/x.csv',
      'http://169.254.169.254/latest.json',
      'ftp://example.com/a.csv',
    ]) {
      await expectRefused(t, url);
    }
    for (const address of ['10.1.2.3', '192.168.0.1', '::1', 'fe80::1', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0']) {
      expect(isBlockedAddress(address)).toBe(true);
    }
    expect(isBlockedAddress('93.184.216.34')).toBe(false);
    expect(isBlockedAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(false);
    expect(countRows(t.db, 'file_uploads')).toBe(0);
  });

  it('refuses every spelling of this machine, before connecting', async () => {
    const t = await createTestApp();
    for (const host of [
      'localhost',
      'LOCALHOST',
      'localhost.',
      '127.1',
      '0x7f000001',
      '2130706433',
      '017700000001',
      '127.0.0.2',
      '0',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      `${PUBLIC_STAND_IN}@127.0.0.1`,
    ]) {
      const response = await importUrl(t, `http://${host}:${port}/tasks.csv`);
      expect(response.status, host).toBe(400);
      // 'localhost.' does not resolve here at all; every other spelling is judged by its address.
      const errors = ((await response.json()) as { validation_errors: { non_field_errors: string[] } })
        .validation_errors.non_field_errors;
      expect(errors, host).toEqual([host === 'localhost.' ? "Can't resolve hostname localhost." : INVALID_URL]);
    }
    expect(requests).toEqual([]);
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('checks every redirect: a public server cannot send the import to this machine or the metadata address', async () => {
    const t = await createTestApp();
    for (const target of [
      `http://127.0.0.1:${port}/secret.csv`,
      `http://localhost:${port}/secret.csv`,
      `http://[::1]:${port}/secret.csv`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/x.csv',
    ]) {
      await expectRefused(t, `http://${PUBLIC_STAND_IN}:${port}/go?to=${encodeURIComponent(target)}`);
    }
    // Only the stand-in's redirects were fetched, never what they pointed at.
    expect(requests.every((url) => url.startsWith('/go?'))).toBe(true);
    expect(requests).toHaveLength(5);
    expect(countRows(t.db, 'tasks')).toBe(0);
    // The stand-in itself is reachable, so the refusals above are the redirect check's.
    expect((await importUrl(t, `http://${PUBLIC_STAND_IN}:${port}/tasks.csv`)).status).toBe(201);
  });

  it('reaches a loopback server only when started to allow private addresses', async () => {
    const t = await createTestApp({ allowPrivateImportUrls: true });
    const response = await importUrl(t, `http://localhost:${port}/go?to=${encodeURIComponent('/tasks.csv')}`);
    expect(response.status).toBe(201);
    expect(requests).toEqual(['/go?to=%2Ftasks.csv', '/tasks.csv']);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedIpv4, isBlockedAddress } from '../../electron/core/importers/checkUrlAddress.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * IPv6 addresses that carry an IPv4 address (mapped, compatible, SIIT, NAT64, 6to4) may lead to
 * that IPv4 address, so the import's SSRF check judges them by it, whatever the spelling.
 */

const INVALID_URL =
  'The provided URL was not valid. URLs must begin with http:// or https://, and cannot be local IPs.';

describe('IPv4 addresses inside IPv6 ones', () => {
  it.each([
    ['::127.0.0.1', '127.0.0.1'],
    ['::7f00:1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['::FFFF:7F00:0001', '127.0.0.1'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', '169.254.169.254'],
    ['::ffff:0:127.0.0.1', '127.0.0.1'],
    ['::ffff:0:a00:1', '10.0.0.1'],
    ['64:ff9b::127.0.0.1', '127.0.0.1'],
    ['64:ff9b::c0a8:101', '192.168.1.1'],
    ['2002:7f00:1::', '127.0.0.1'],
    ['2002:a9fe:a9fe:1::5', '169.254.169.254'],
    ['::1', '0.0.0.1'],
    ['::', '0.0.0.0'],
  ])('%s is read as %s and refused', (address, v4) => {
    expect(embeddedIpv4(address)).toBe(v4);
    expect(isBlockedAddress(address)).toBe(true);
    expect(isBlockedAddress(`[${address}]`)).toBe(true);
  });

  it.each(['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '::ffff:0:8.8.8.8'])(
    '%s embeds a public address and passes',
    (address) => {
      expect(embeddedIpv4(address)).toBe('8.8.8.8');
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('still refuses private IPv6 ranges without an IPv4 inside, and Teredo', () => {
    for (const address of ['fe80::1', 'fd00::1', 'ff02::1', '100::1', '64:ff9b:1::1', '2001:0:4136:e378::1']) {
      expect(embeddedIpv4(address) === null || address.startsWith('64:ff9b:1'), address).toBe(true);
      expect(isBlockedAddress(address), address).toBe(true);
    }
    expect(isBlockedAddress('2606:4700::1111')).toBe(false);
  });
});

describe('an import URL naming this machine through an IPv6 spelling', () => {
  let server: Server;
  let port = 0;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'text/csv' }).end('text\nsecret from inside\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function importUrl(t: TestApp, url: string): Promise<Response> {
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

  it.each(['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]', '[::ffff:7f00:1]'])(
    'refuses %s before connecting',
    async (host) => {
      const t = await createTestApp();
      await expectEnvelope(await importUrl(t, `http://${host}:${port}/tasks.csv`), 400, 'Validation error', {
        non_field_errors: [INVALID_URL],
      });
      expect(requests).toEqual([]);
    },
  );
});

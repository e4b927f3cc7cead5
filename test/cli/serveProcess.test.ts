import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/spawnCli.js';

const TOKEN = 'abcdefabcdefabcdefabcdefabcdefabcdef0123';
const NOT_PROVIDED = 'Authentication credentials were not provided.';
let stop: (() => Promise<number | null>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

async function detail(response: Response): Promise<string> {
  return ((await response.json()) as { detail: string }).detail;
}

describe("`outpost serve` as a process (the issue's acceptance run)", () => {
  it('prints URL, TOKEN and PAT and answers both token kinds; refuses bad credentials and hosts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-process-'));
    const cli = await spawnCli(['serve', '--data', dataDir, '--port', '0', '--token', TOKEN]);
    stop = cli.stop;
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.token).toBe(TOKEN);
    expect(existsSync(join(dataDir, 'outpost.db'))).toBe(true);

    const version = await fetch(`${cli.url}/api/version`);
    expect(version.status).toBe(200);
    expect(((await version.json()) as { edition: string }).edition).toBe('Community');

    const whoami = `${cli.url}/api/current-user/whoami`;
    expect((await fetch(whoami, { headers: { Authorization: `Token ${TOKEN}` } })).status).toBe(200);

    // The LOGIN line signs a browser in once: a session cookie, then the app without the token.
    expect(cli.login).toMatch(new RegExp(`^${cli.url}/login\\?token=[\\w-]{43}$`));
    const login = await fetch(cli.login, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith('outpost_session='))!;
    expect((await fetch(whoami, { headers: { Cookie: session.split(';')[0]! } })).status).toBe(200);
    expect((await fetch(cli.login, { redirect: 'manual' })).status).toBe(403);
    expect((await fetch(whoami, { headers: { 'X-Api-Key': TOKEN } })).status).toBe(200);

    const refreshed = await fetch(`${cli.url}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: cli.pat }),
    });
    const { access } = (await refreshed.json()) as { access: string };
    expect((await fetch(whoami, { headers: { Authorization: `Bearer ${access}` } })).status).toBe(200);

    const tampered = `${access.slice(0, -4)}AAAA`;
    for (const headers of [
      { Authorization: `Bearer ${tampered}` },
      { Authorization: `Bearer ${cli.pat}` },
      {},
    ] as Record<string, string>[]) {
      const response = await fetch(whoami, { headers });
      expect(response.status).toBe(401);
      expect(await detail(response)).toBe(NOT_PROVIDED);
    }
    const wrong = await fetch(whoami, { headers: { Authorization: `Token ${'0'.repeat(40)}` } });
    expect(wrong.status).toBe(401);
    expect(await detail(wrong)).toBe('Invalid token.');

    const { request } = await import('node:http');
    const target = new URL(cli.url);
    const rebinding = await new Promise<number>((resolve, reject) => {
      request({ host: target.hostname, port: target.port, path: '/api/version', headers: { Host: 'evil.example' } })
        .on('response', (res) => resolve(res.statusCode ?? 0))
        .on('error', reject)
        .end();
    });
    expect(rebinding).toBe(400);

    expect(await cli.stop()).toBe(0);
    stop = null;
    // Ctrl+C or SIGTERM: the last word on stderr says it stopped (stdout keeps only the lines above).
    expect(cli.stderr().trimEnd().split('\n').at(-1)).toBe('Outpost stopped.');
  });

  it('keeps the data folder between runs: same token, PAT and user', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-process-'));
    const first = await spawnCli([
      'serve',
      '--data',
      dataDir,
      '--port',
      '0',
      '--token',
      TOKEN,
      '--user-email',
      'lead@example.com',
    ]);
    expect(await first.stop()).toBe(0);
    const second = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
    stop = second.stop;
    expect(second.token).toBe(TOKEN);
    expect(second.pat).toBe(first.pat);
    const me = await fetch(`${second.url}/api/current-user/whoami`, { headers: { Authorization: `Token ${TOKEN}` } });
    expect(((await me.json()) as { email: string }).email).toBe('lead@example.com');
  });
});

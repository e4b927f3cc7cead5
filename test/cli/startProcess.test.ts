import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';

/*
 * `outpost start` as `npm start` runs it, twice: the second one on the same data folder opens
 * the running Outpost, and one on another folder whose port is taken moves to a free port.
 * Without a display, start serves the UI in browser mode (as in CI); --no-browser opens nothing.
 */

function envWithoutDisplay(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

function runCliOnce(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_PATH, ...args], { env: envWithoutDisplay() }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('a second `outpost start`', () => {
  const folders: string[] = [];
  const running: SpawnedCli[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-start-'));
    folders.push(dir);
    return dir;
  };
  const start = async (args: string[]) => {
    const cli = await spawnCli(['start', '--no-browser', ...args], { env: envWithoutDisplay() });
    running.push(cli);
    return cli;
  };

  afterAll(async () => {
    for (const cli of running) await cli.stop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('on the same data folder says Outpost is already running, signs in there, and exits 0', async () => {
    const dataDir = newDataDir();
    const first = await start(['--data', dataDir, '--port', '0']);
    const record = JSON.parse(readFileSync(join(dataDir, 'instance.json'), 'utf8')) as { url: string; pid: number };
    expect(record.url).toBe(first.url);

    const second = await runCliOnce(['start', '--no-browser', '--data', dataDir]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Outpost is already running at ${first.url}\n`);
    expect(second.stderr).not.toContain('EADDRINUSE');
    const login = /^LOGIN: (\S+)$/m.exec(second.stdout)?.[1];
    expect(login).toMatch(new RegExp(`^${first.url}/login\\?token=[\\w-]{43}$`));
    // The running server redeems the link the second start wrote into the shared database.
    const signedIn = await fetch(login!, { redirect: 'manual' });
    expect(signedIn.status).toBe(302);
    const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('outpost_session='));
    const whoami = await fetch(`${first.url}/api/current-user/whoami`, {
      headers: { Cookie: session!.split(';')[0]! },
    });
    expect(whoami.status).toBe(200);
  });

  it('on another data folder whose port is taken, picks the next free port and says so', async () => {
    const first = await start(['--data', newDataDir(), '--port', '0']);
    const taken = Number(new URL(first.url).port);
    const second = await start(['--data', newDataDir(), '--port', String(taken)]);
    const port = Number(new URL(second.url).port);
    expect(port).not.toBe(taken);
    expect((await fetch(`${second.url}/health`)).status).toBe(200);
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
    // Stopped, everything it wrote has been read: it said why it moved, and where to.
    await second.stop();
    expect(second.stderr()).toContain(
      `Port ${taken} is in use (another program, or an Outpost on another data folder)`,
    );
    expect(second.stderr()).toContain(`so Outpost uses port ${port}.`);
  });

  it('says "Outpost stopped." when stopped, and forgets its record so the next start serves again', async () => {
    const dataDir = newDataDir();
    const cli = await spawnCli(['start', '--no-browser', '--data', dataDir, '--port', '0'], {
      env: envWithoutDisplay(),
    });
    expect(await cli.stop()).toBe(0);
    expect(cli.stderr().trimEnd().split('\n').at(-1)).toBe('Outpost stopped.');
    expect(existsSync(join(dataDir, 'instance.json'))).toBe(false);
    const again = await start(['--data', dataDir, '--port', '0']);
    expect(again.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('ignores the record of a process that is gone (a crash) and serves the folder itself', async () => {
    const dataDir = newDataDir();
    const crashed = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
    const record = readFileSync(join(dataDir, 'instance.json'), 'utf8');
    await crashed.stop();
    // As if the process had died without cleaning up: its record is left behind.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dataDir, 'instance.json'), record);
    const next = await start(['--data', dataDir, '--port', '0']);
    expect(next.stderr()).not.toContain('already running');
    expect((await fetch(`${next.url}/health`)).status).toBe(200);
  });
});

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnCli, type SpawnedCli } from '../../helpers/spawnCli.js';
import { normalize } from '../differential/normalize.js';
import { VENV_PYTHON } from '../labelStudio.js';

/*
 * The real Label Studio Python SDK (label-studio-sdk 2.0.16 from the interop venv) drives a whole
 * session (test/interop/sdk/test_*.py, pytest) first against the real Label Studio, so every
 * assertion is known to hold there, then against Outpost. Each run records what the SDK handed
 * back; the last case compares the two records after normalizing ids, times and tokens.
 */

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SESSION_TIMEOUT_MS = 600_000;

interface Server {
  side: 'ls' | 'outpost';
  url: string;
  token: string;
  pat: string;
}

type Observations = Record<string, unknown>;

/** Runs the pytest session against one server; rejects with pytest's whole output when it fails. */
function runSession(server: Server, email: string, observationsFile: string): Promise<string> {
  const env = {
    ...process.env,
    SDK_SERVER_URL: server.url,
    SDK_LEGACY_TOKEN: server.token,
    SDK_PAT: server.pat,
    SDK_USER_EMAIL: email,
    SDK_OBSERVATIONS: observationsFile,
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONUNBUFFERED: '1',
  };
  const child = spawn(VENV_PYTHON, ['-m', 'pytest', 'test/interop/sdk', '-q'], { cwd: REPO_ROOT, env });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`could not run ${VENV_PYTHON}: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`the SDK session against ${server.side} failed (pytest exit ${code}):\n${output}`));
    });
  });
}

describe('the Label Studio Python SDK', () => {
  const ls = inject('labelStudio');
  const folder = mkdtempSync(join(tmpdir(), 'outpost-interop-sdk-'));
  const recorded = { ls: join(folder, 'ls.json'), outpost: join(folder, 'outpost.json') };
  let outpost: SpawnedCli;

  beforeAll(async () => {
    outpost = await spawnCli([
      'serve',
      '--data',
      join(folder, 'data'),
      '--port',
      '0',
      '--token',
      ls.user.token,
      '--user-email',
      ls.user.email,
    ]);
  });
  afterAll(async () => {
    await outpost?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs its session against the real Label Studio', { timeout: SESSION_TIMEOUT_MS }, async () => {
    const server: Server = { side: 'ls', url: ls.url, token: ls.user.token, pat: ls.user.pat };
    expect(await runSession(server, ls.user.email, recorded.ls)).toMatch(/ passed/);
  });

  it('runs the same session against Outpost, with both token kinds', { timeout: SESSION_TIMEOUT_MS }, async () => {
    const server: Server = { side: 'outpost', url: outpost.url, token: outpost.token, pat: outpost.pat };
    expect(await runSession(server, ls.user.email, recorded.outpost)).toMatch(/ passed/);
  });

  it('gets the same answers from Outpost as from Label Studio', () => {
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Observations;
    const fromLs = read(recorded.ls);
    const fromOutpost = read(recorded.outpost);
    expect(Object.keys(fromOutpost).sort()).toEqual(Object.keys(fromLs).sort());
    expect(Object.keys(fromLs).length).toBeGreaterThan(100);
    for (const [what, expected] of Object.entries(fromLs)) {
      expect
        .soft(normalize(fromOutpost[what], { base: outpost.url }), `${what}: Outpost (actual) against Label Studio`)
        .toEqual(normalize(expected, { base: ls.url }));
    }
  });
});

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/migrate.js';
import { migrations } from '../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { signJwt } from '../../electron/core/domain/jwt.js';
import type { SecretCodec } from '../../electron/core/domain/secrets/secretVault.js';
import { startServer, type RunningServer } from '../../electron/core/serve.js';
import { storageSecretKey } from '../../electron/core/storages/storageDeps.js';

const LEGACY = 'feedfacefeedfacefeedfacefeedfacefeedface';
const STORAGE_SECRETS = {
  aws_secret_access_key: 'S3-SECRET-wJalrXUtnFEMI-K7MDENG',
  account_key: 'AZURE-KEY-Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1',
  google_application_credentials: '{"type":"service_account","private_key":"GCS-PRIVATE-KEY-MIIEvQIBADANBg"}',
  password: 'REDIS-PASSWORD-correct-horse-battery',
};
const REMOTE_TOKEN = 'REMOTE-TOKEN-0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** The OS keychain of the desktop app, played by AES-GCM with a key that lives in memory only. */
function keychainCodec(): SecretCodec {
  const key = randomBytes(32);
  return {
    encrypt(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(base64) {
      const bytes = Buffer.from(base64, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** Every file under `dir` (the database, its -wal and -shm, backups, vaults, media) as bytes. */
function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

/** The files holding `secret` as it is or as a JSON string escapes it (credentials JSON inside JSON). */
function filesHolding(dir: string, secret: string, only: (path: string) => boolean = () => true): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1)].map((form) => Buffer.from(form, 'utf8'));
  return filesUnder(dir)
    .filter((file) => only(file.path) && forms.some((form) => file.bytes.includes(form)))
    .map((file) => file.path);
}

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A data folder with a remote's token and storage credentials stored the way the app stores them. */
async function folderWithSecrets(codec: SecretCodec | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-secrets-'));
  server = await startServer({ dataDir, port: 0, token: LEGACY, secretCodec: codec, warn: () => {} });
  server.deps.tokenVault!.set(1, REMOTE_TOKEN);
  for (const [field, value] of Object.entries(STORAGE_SECRETS)) {
    server.deps.secretsVault!.set(storageSecretKey(1, field), value);
  }
  // Real traffic, so the database's -wal file holds pages too.
  const auth = { Authorization: `Token ${LEGACY}` };
  await fetch(`${server.url}/api/projects/`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'At rest' }),
  });
  return { dataDir, running: server };
}

describe('secrets at rest in the data folder', () => {
  it('with the OS keychain (desktop), no remote token or storage credential is anywhere in plain text', async () => {
    const { dataDir, running } = await folderWithSecrets(keychainCodec());
    expect(filesUnder(dataDir).some((file) => file.path.endsWith('-wal'))).toBe(true);
    for (const secret of [REMOTE_TOKEN, ...Object.values(STORAGE_SECRETS)]) {
      expect(filesHolding(dataDir, secret), secret).toEqual([]);
    }
    // Still there for the app itself.
    expect(running.deps.tokenVault!.get(1)).toBe(REMOTE_TOKEN);
    await running.close();
    server = null;
    for (const secret of [REMOTE_TOKEN, ...Object.values(STORAGE_SECRETS)]) {
      expect(filesHolding(dataDir, secret), secret).toEqual([]);
    }
  });

  it('headless, they stay out of the database, its -wal and backups, in owner-only vault files', async () => {
    const { dataDir } = await folderWithSecrets(null);
    const isVault = (path: string) => path.endsWith('.json') && !path.includes(join(dataDir, 'media'));
    for (const secret of [REMOTE_TOKEN, ...Object.values(STORAGE_SECRETS)]) {
      const holding = filesHolding(dataDir, secret);
      expect(holding.length, secret).toBeGreaterThan(0);
      expect(
        holding.filter((path) => !isVault(path)),
        secret,
      ).toEqual([]);
      for (const path of holding) expect(statSync(path).mode & 0o077, path).toBe(0);
    }
  });

  it('keeps the legacy token, the PAT and the JWT signing secret out of the database files', async () => {
    const { dataDir, running } = await folderWithSecrets(keychainCodec());
    const signing = running.deps.secret;
    const credentials = [LEGACY, running.pat, running.pat.split('.')[2]!, signing];
    for (const secret of credentials) {
      expect(filesHolding(dataDir, secret, isDatabase), secret.slice(0, 12)).toEqual([]);
    }
    // The secret has a file of its own, for its owner only; the tokens still work.
    expect(filesHolding(dataDir, signing)).toEqual([join(dataDir, 'signing-secret')]);
    expect(statSync(join(dataDir, 'signing-secret')).mode & 0o077).toBe(0);
    for (const auth of [`Token ${LEGACY}`, `Bearer ${await accessTokenOf(running)}`]) {
      expect((await fetch(`${running.url}/api/current-user/whoami`, { headers: { Authorization: auth } })).status).toBe(
        200,
      );
    }
  });

  it('moves them out of a database an older Outpost wrote, and the same tokens keep working', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-secrets-upgrade-'));
    const old = await writeSchema14Folder(dataDir);
    server = await startServer({ dataDir, port: 0, secretCodec: keychainCodec(), warn: () => {} });
    expect(server.token).toBe(LEGACY);
    expect(server.pat).toBe(old.pat);
    expect(server.deps.secret).toBe(old.secret);
    for (const secret of [LEGACY, old.pat.split('.')[2]!, old.secret]) {
      expect(
        filesHolding(dataDir, secret, (path) => isDatabase(path) && !path.includes('backups')),
        secret.slice(0, 12),
      ).toEqual([]);
    }
    const who = await fetch(`${server.url}/api/current-user/whoami`, { headers: { Authorization: `Token ${LEGACY}` } });
    expect(who.status).toBe(200);
    // The copy taken before the upgrade is the old database as it was.
    expect(filesHolding(join(dataDir, 'backups'), LEGACY).length).toBe(1);
  });

  it('a lost secret file costs the tokens, not the start: the legacy key is issued anew', async () => {
    const { dataDir, running } = await folderWithSecrets(null);
    await running.close();
    server = null;
    rmSync(join(dataDir, 'signing-secret'));
    server = await startServer({ dataDir, port: 0, warn: () => {} });
    expect(server.token).toMatch(/^[0-9a-f]{40}$/);
    expect(server.token).not.toBe(LEGACY);
    const refused = await fetch(`${server.url}/api/projects/`, { headers: { Authorization: `Token ${LEGACY}` } });
    expect(refused.status).toBe(401);
  });
});

/** The database files: the database, its -wal and -shm, and backups. */
function isDatabase(path: string): boolean {
  return /outpost\.db(-wal|-shm)?$|\.db$/.test(path);
}

async function accessTokenOf(running: RunningServer): Promise<string> {
  const answer = await fetch(`${running.url}/api/token/refresh/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh: running.pat }),
  });
  return ((await answer.json()) as { access: string }).access;
}

/** A data folder as Outpost wrote it at schema 14: the secret, the legacy key and the PAT in plain text. */
async function writeSchema14Folder(dataDir: string): Promise<{ secret: string; pat: string }> {
  const db = openDatabase(join(dataDir, 'outpost.db'));
  try {
    await migrate(db, { migrations: migrations.filter((migration) => migration.version <= 14) });
    const secret = 'old-secret-kept-in-the-settings-table-0123456789abcdef';
    const when = '2026-01-10T09:00:00.000000Z';
    const iat = Math.floor(Date.now() / 1000);
    const pat = await signJwt(
      { token_type: 'refresh', exp: iat + 3600 * 24 * 365, iat, jti: 'a'.repeat(32), user_id: 1 },
      secret,
    );
    const insert = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);
    insert(`INSERT INTO settings (key, value) VALUES ('jwt_signing_secret', ?)`, secret);
    insert(
      `INSERT INTO users (id, email, date_joined, last_activity) VALUES (1, 'field@example.com', ?, ?)`,
      when,
      when,
    );
    insert(`INSERT INTO legacy_tokens (key, user, created) VALUES (?, 1, ?)`, LEGACY, when);
    insert(
      `INSERT INTO personal_access_tokens (jti, token, user, created_at, expires_at) VALUES (?, ?, 1, ?, '2027-01-10T09:00:00.000000Z')`,
      'a'.repeat(32),
      pat,
      when,
    );
    return { secret, pat };
  } finally {
    db.close();
  }
}

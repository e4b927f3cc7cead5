import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

  // KNOWN HOLE, not fixed here (see the report of issue 17 item 3): the legacy key, each PAT and the
  // JWT signing secret are columns of the database, so a copied database carries them. it.fails
  // turns red when they leave it; then make this a plain `it`.
  it.fails('keeps the legacy token, the PAT and the JWT signing secret out of the database files', async () => {
    const { dataDir, running } = await folderWithSecrets(keychainCodec());
    const isDatabase = (path: string) => /outpost\.db(-wal|-shm)?$|\.db$/.test(path);
    const signing = running.deps.secret;
    for (const secret of [LEGACY, running.pat, running.pat.split('.')[2]!, signing]) {
      expect(filesHolding(dataDir, secret, isDatabase), secret.slice(0, 12)).toEqual([]);
    }
  });
});

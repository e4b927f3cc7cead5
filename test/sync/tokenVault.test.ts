import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFileTokenVault,
  TOKEN_VAULT_FILE,
  TokenVaultError,
  type SecretCodec,
} from '../../electron/core/sync/tokenVault.js';

const TOKEN = 'bab6e8097bfce780fb84836ad66d69a2bc81d323';
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A reversible codec that visibly changes the text, so stored values can be told from tokens. */
const reversingCodec: SecretCodec = {
  encrypt: (text) => Buffer.from([...text].reverse().join(''), 'utf8').toString('base64'),
  decrypt: (base64) => [...Buffer.from(base64, 'base64').toString('utf8')].reverse().join(''),
};

describe('the remote token vault', () => {
  let dataDir: string;
  let path: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-vault-'));
    path = join(dataDir, TOKEN_VAULT_FILE);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps tokens by remote id across vaults, and forgets them', () => {
    const vault = createFileTokenVault({ dataDir, codec: null });
    expect(vault.get(1)).toBeNull();
    vault.set(1, TOKEN);
    vault.set(2, 'header.payload.signature');
    const reopened = createFileTokenVault({ dataDir, codec: null });
    expect(reopened.get(1)).toBe(TOKEN);
    expect(reopened.get(2)).toBe('header.payload.signature');
    reopened.delete(1);
    reopened.delete(99);
    expect(vault.get(1)).toBeNull();
    expect(vault.get(2)).toBe('header.payload.signature');
  });

  it.skipIf(process.platform === 'win32')(
    'creates the file readable by its owner only, and tightens a looser one',
    () => {
      const vault = createFileTokenVault({ dataDir, codec: null });
      vault.set(1, TOKEN);
      expect(modeOf(path)).toBe(0o600);
      chmodSync(path, 0o644);
      expect(vault.get(1)).toBe(TOKEN);
      expect(modeOf(path)).toBe(0o600);
    },
  );

  it('warns once, on the first token stored with file permissions only', () => {
    const warnings: string[] = [];
    const vault = createFileTokenVault({ dataDir, codec: null, warn: (line) => warnings.push(line) });
    vault.get(1);
    expect(warnings).toEqual([]);
    vault.set(1, TOKEN);
    vault.set(2, TOKEN);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path);
    expect(warnings[0]).toContain('file permissions');
  });

  it('stores tokens encrypted by a codec, marked as such, and never as plain text', () => {
    const warnings: string[] = [];
    const vault = createFileTokenVault({ dataDir, codec: reversingCodec, warn: (line) => warnings.push(line) });
    vault.set(7, TOKEN);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(text)).toEqual({
      version: 1,
      tokens: { 7: { kind: 'encrypted', value: reversingCodec.encrypt(TOKEN) } },
    });
    expect(vault.get(7)).toBe(TOKEN);
    expect(warnings).toEqual([]);
  });

  it('reads plain entries written headless from the desktop app, and explains encrypted ones headless', () => {
    createFileTokenVault({ dataDir, codec: null }).set(1, TOKEN);
    const desktop = createFileTokenVault({ dataDir, codec: reversingCodec });
    expect(desktop.get(1)).toBe(TOKEN);
    desktop.set(2, 'second');
    const headless = createFileTokenVault({ dataDir, codec: null });
    expect(headless.get(1)).toBe(TOKEN);
    expect(() => headless.get(2)).toThrow(/remote 2 is encrypted by the desktop app's keychain/);
  });

  it('says so when a token cannot be decrypted', () => {
    createFileTokenVault({ dataDir, codec: reversingCodec }).set(3, TOKEN);
    const failing: SecretCodec = { ...reversingCodec, decrypt: () => { throw new Error('wrong key'); } }; // prettier-ignore
    expect(() => createFileTokenVault({ dataDir, codec: failing }).get(3)).toThrow(
      'The token of remote 3 could not be decrypted (wrong key). Give it again.',
    );
  });

  it.each([
    ['not JSON', '{"version": 1, "tokens": {', /damaged \(not JSON/],
    ['another shape', '[1, 2, 3]', /damaged \(not a token file/],
    ['a bad entry', '{"version": 1, "tokens": {"1": {"kind": "rot13", "value": "x"}}}', /damaged \(an entry/],
  ])('refuses a damaged file (%s) with a clear error, and does not overwrite it', (_name, content, message) => {
    writeFileSync(path, content, { mode: 0o600 });
    const vault = createFileTokenVault({ dataDir, codec: null });
    expect(() => vault.get(1)).toThrow(message);
    expect(() => vault.set(1, TOKEN)).toThrow(TokenVaultError);
    expect(() => vault.get(1)).toThrow(/Remove it, then give each remote its token again/);
    expect(readFileSync(path, 'utf8')).toBe(content);
  });
});

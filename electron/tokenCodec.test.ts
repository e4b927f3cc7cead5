import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { asElectron, createFakeElectron, FakeSafeStorage } from '../test/helpers/fakeElectron.js';
import type { RunningServer, ServeOptions } from './core/serve.js';
import { createFileTokenVault, TOKEN_VAULT_FILE } from './core/sync/tokenVault.js';
import { runApp } from './lifecycle.js';
import { createSafeStorageCodec } from './tokenCodec.js';

const TOKEN = 'bab6e8097bfce780fb84836ad66d69a2bc81d323';

describe('the safeStorage token codec', () => {
  it('round-trips text through safeStorage as base64', () => {
    const safeStorage = new FakeSafeStorage();
    const codec = createSafeStorageCodec(safeStorage);
    if (!codec) throw new Error('expected a codec');
    const stored = codec.encrypt(TOKEN);
    expect(Buffer.from(stored, 'base64').toString('base64')).toBe(stored);
    expect(stored).not.toContain(TOKEN);
    expect(safeStorage.encryptString).toHaveBeenCalledWith(TOKEN);
    expect(codec.decrypt(stored)).toBe(TOKEN);
    expect(() => codec.decrypt(Buffer.from('not from safeStorage').toString('base64'))).toThrow(/decrypting/);
  });

  it('is absent when the OS offers no encryption', () => {
    const safeStorage = new FakeSafeStorage();
    safeStorage.available = false;
    expect(createSafeStorageCodec(safeStorage)).toBeNull();
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
  });

  it('keeps tokens in the vault file encrypted, and the desktop app reads them back', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-codec-'));
    try {
      const codec = createSafeStorageCodec(new FakeSafeStorage());
      const warnings: string[] = [];
      createFileTokenVault({ dataDir, codec, warn: (line) => warnings.push(line) }).set(4, TOKEN);
      const file = readFileSync(join(dataDir, TOKEN_VAULT_FILE), 'utf8');
      expect(file).not.toContain(TOKEN);
      expect(file).toContain('"kind": "encrypted"');
      expect(createFileTokenVault({ dataDir, codec }).get(4)).toBe(TOKEN);
      expect(warnings).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('runApp and safeStorage', () => {
  async function startWith(safeStorage: FakeSafeStorage | undefined) {
    const fake = createFakeElectron();
    const startServer = vi.fn((_options: ServeOptions) =>
      Promise.resolve({
        url: 'http://127.0.0.1:1',
        token: 't',
        pat: 'p',
        newLoginUrl: () => 'x',
      } as unknown as RunningServer),
    );
    await runApp({
      ...asElectron(fake),
      startServer,
      preloadPath: '/p.cjs',
      rendererDir: '/r',
      platform: 'linux',
      safeStorage,
    });
    return startServer.mock.calls[0]?.[0];
  }

  it('passes the server a codec once the app is ready, backed by safeStorage', async () => {
    const safeStorage = new FakeSafeStorage();
    const options = await startWith(safeStorage);
    const codec = options?.secretCodec;
    if (!codec) throw new Error('expected a codec');
    expect(codec.decrypt(codec.encrypt(TOKEN))).toBe(TOKEN);
    expect(safeStorage.encryptString).toHaveBeenCalledTimes(1);
  });

  it('passes no codec when encryption is unavailable or safeStorage is not given', async () => {
    const unavailable = new FakeSafeStorage();
    unavailable.available = false;
    expect((await startWith(unavailable))?.secretCodec).toBeNull();
    expect((await startWith(undefined))?.secretCodec).toBeNull();
  });
});

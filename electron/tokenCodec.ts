import type { SafeStorage } from 'electron';
import type { SecretCodec } from './core/sync/tokenVault.js';

export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'>;

/**
 * Remote tokens encrypted with the OS keychain (Keychain, DPAPI, libsecret/kwallet) through
 * Electron's safeStorage, as base64 text for the token file. Null when the OS offers no
 * encryption: the core then keeps tokens protected by file permissions only, and says so.
 * Must be called after the app is ready (safeStorage is not usable before).
 */
export function createSafeStorageCodec(safeStorage: SafeStorageLike): SecretCodec | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  return {
    encrypt: (text) => safeStorage.encryptString(text).toString('base64'),
    decrypt: (base64) => safeStorage.decryptString(Buffer.from(base64, 'base64')),
  };
}

import {
  createFileSecretVault,
  SecretVaultError,
  type FileSecretVaultOptions,
  type SecretCodec,
} from '../domain/secrets/secretVault.js';

/*
 * Remote tokens live in `<data folder>/remote-tokens.json`, a secret vault of their own (see
 * domain/secrets/secretVault.ts), keyed by the remote's id.
 */

export const TOKEN_VAULT_FILE = 'remote-tokens.json';

export type { SecretCodec };
export { SecretVaultError as TokenVaultError };

export interface TokenVault {
  get(remoteId: number): string | null;
  set(remoteId: number, token: string): void;
  delete(remoteId: number): void;
}

export type FileTokenVaultOptions = Omit<FileSecretVaultOptions, 'fileName' | 'words'>;

export function createFileTokenVault(options: FileTokenVaultOptions): TokenVault {
  const vault = createFileSecretVault({
    ...options,
    fileName: TOKEN_VAULT_FILE,
    words: {
      contents: 'remote tokens',
      describe: (key) => `the token of remote ${key}`,
      giveAgain: 'give the token again (e.g. outpost sync --token)',
      giveAllAgain: 'give each remote its token again',
    },
  });
  return {
    get: (remoteId) => vault.get(String(remoteId)),
    set: (remoteId, token) => vault.set(String(remoteId), token),
    delete: (remoteId) => vault.delete(String(remoteId)),
  };
}
